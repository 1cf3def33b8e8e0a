import { AI_SUBJECTS, CheckedExerciseFeedbackRequest, ExerciseFeedbackReply, exerciseFeedbackRequestSchema } from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { ExerciseFeedbackService } from './exercise-feedback.service';

@Controller()
export class ExerciseFeedbackHandlers {
  constructor(private readonly feedback: ExerciseFeedbackService) {}

  /** svc-courses asks in the learner's name (the caller header), so their refusals and budget apply. */
  @MessagePattern(AI_SUBJECTS.EXERCISE_FEEDBACK)
  write(
    @Payload(new ZodPayloadPipe(exerciseFeedbackRequestSchema)) request: CheckedExerciseFeedbackRequest,
    @Ctx() context: NatsContext,
  ): Promise<ExerciseFeedbackReply> {
    return this.feedback.write(request, callerOf(context));
  }
}
