import {
  type Caller,
  LearnerSkillsReply,
  learnerSkillsRequestSchema,
  PROGRESS_SUBJECTS,
  SaveSelfAssessmentRequest,
  saveSelfAssessmentRequestSchema,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LearnerSkillsService } from './learner-skills.service';

/** A learner's skills are always the caller's own (the header the gateway sets), never a body's. */
@Controller()
export class LearnerSkillsHandlers {
  constructor(private readonly learnerSkills: LearnerSkillsService) {}

  @MessagePattern(PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS)
  async list(
    @Payload(new ZodPayloadPipe(learnerSkillsRequestSchema)) _request: unknown,
    @RequestCaller() caller: Caller,
  ): Promise<LearnerSkillsReply> {
    return { skills: await this.learnerSkills.list(caller.id) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT)
  async save(
    @Payload(new ZodPayloadPipe(saveSelfAssessmentRequestSchema)) request: SaveSelfAssessmentRequest,
    @RequestCaller() caller: Caller,
  ): Promise<LearnerSkillsReply> {
    return { skills: await this.learnerSkills.saveSelfAssessment(caller.id, request) };
  }
}
