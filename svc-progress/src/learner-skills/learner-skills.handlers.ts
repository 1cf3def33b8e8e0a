import {
  LearnerSkillsReply,
  LearnerSkillsRequest,
  learnerSkillsRequestSchema,
  PROGRESS_SUBJECTS,
  SaveSelfAssessmentRequest,
  saveSelfAssessmentRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { LearnerSkillsService } from './learner-skills.service';

@Controller()
export class LearnerSkillsHandlers {
  constructor(private readonly learnerSkills: LearnerSkillsService) {}

  @MessagePattern(PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS)
  async list(@Payload(new ZodPayloadPipe(learnerSkillsRequestSchema)) { userId }: LearnerSkillsRequest): Promise<LearnerSkillsReply> {
    return { skills: await this.learnerSkills.list(userId) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT)
  async save(
    @Payload(new ZodPayloadPipe(saveSelfAssessmentRequestSchema)) request: SaveSelfAssessmentRequest,
  ): Promise<LearnerSkillsReply> {
    return { skills: await this.learnerSkills.saveSelfAssessment(request) };
  }
}
