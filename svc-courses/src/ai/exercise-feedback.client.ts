import { AI_SUBJECTS, ExerciseFeedbackReply, exerciseFeedbackReplySchema, ExerciseFeedbackRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/** Asks svc-ai for feedback on a learner's exercise work (`ai.exercise-feedback.generate`). */
@Injectable()
export class ExerciseFeedbackClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  /** Metered as the learner's `exercise-feedback` use: svc-ai's refusals come back as SvcAiRefusal with their status. */
  write(request: ExerciseFeedbackRequest, options: AiCallOptions): Promise<ExerciseFeedbackReply> {
    return this.svcAi.request(AI_SUBJECTS.EXERCISE_FEEDBACK, request, exerciseFeedbackReplySchema, options);
  }
}
