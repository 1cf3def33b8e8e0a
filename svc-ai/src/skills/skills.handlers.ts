import { AI_SUBJECTS, ExtractSkillsReply, ExtractSkillsRequest, extractSkillsRequestSchema } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { SkillsService } from './skills.service';

@Controller()
export class SkillsHandlers {
  constructor(private readonly skills: SkillsService) {}

  /** The caller header is optional: without one, the work is Masar's own (svc-jobs analysing the seed postings). */
  @MessagePattern(AI_SUBJECTS.EXTRACT_SKILLS)
  extract(
    @Payload(new ZodPayloadPipe(extractSkillsRequestSchema)) request: ExtractSkillsRequest,
    @Ctx() context: NatsContext,
  ): Promise<ExtractSkillsReply> {
    return this.skills.extract(request, callerOf(context));
  }
}
