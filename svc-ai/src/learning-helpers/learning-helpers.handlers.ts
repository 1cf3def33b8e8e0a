import { AI_SUBJECTS, LearningHelperReply, runLearningHelperRequestSchema } from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { LearningHelperRequest } from '../providers/learning-helper';
import { LearningHelpersService } from './learning-helpers.service';

@Controller()
export class LearningHelpersHandlers {
  constructor(private readonly helpers: LearningHelpersService) {}

  /** svc-courses asks in the learner's name (the caller header), so their refusals and budget apply. */
  @MessagePattern(AI_SUBJECTS.RUN_LEARNING_HELPER)
  run(
    @Payload(new ZodPayloadPipe(runLearningHelperRequestSchema)) request: LearningHelperRequest,
    @Ctx() context: NatsContext,
  ): Promise<LearningHelperReply> {
    return this.helpers.run(request, callerOf(context));
  }
}
