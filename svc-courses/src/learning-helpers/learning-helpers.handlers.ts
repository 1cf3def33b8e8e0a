import { type Caller, COURSES_SUBJECTS, type LearningHelperReply, learningHelperRequestSchema } from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { LearningHelpersService } from './learning-helpers.service';

@Controller()
export class LearningHelpersHandlers {
  constructor(private readonly helpers: LearningHelpersService) {}

  /** Anyone signed in; svc-ai meters the call as theirs, so a caller is required. */
  @MessagePattern(COURSES_SUBJECTS.RUN_LEARNING_HELPER)
  run(
    @Payload(new ZodPayloadPipe(learningHelperRequestSchema)) request: z.output<typeof learningHelperRequestSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<LearningHelperReply> {
    return this.helpers.run(request, caller);
  }
}
