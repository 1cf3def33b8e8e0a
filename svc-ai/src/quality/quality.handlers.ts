import { AI_SUBJECTS, FactCheckLessonsReply, factCheckLessonsRequestSchema } from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { FactCheckRequest } from '../providers/lesson-fact-checker';
import { QualityService } from './quality.service';

@Controller()
export class QualityHandlers {
  constructor(private readonly quality: QualityService) {}

  /** The caller header is optional: without one, the review is Masar's own (the seed catalog's). */
  @MessagePattern(AI_SUBJECTS.FACT_CHECK_LESSONS)
  factCheck(
    @Payload(new ZodPayloadPipe(factCheckLessonsRequestSchema)) request: FactCheckRequest,
    @Ctx() context: NatsContext,
  ): Promise<FactCheckLessonsReply> {
    return this.quality.factCheck(request, callerOf(context));
  }
}
