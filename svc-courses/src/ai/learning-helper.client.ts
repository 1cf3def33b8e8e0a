import { AI_SUBJECTS, LearningHelperReply, learningHelperReplySchema, RunLearningHelperRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/** Asks svc-ai to run one learning helper on a passage with the library context gathered for it (`ai.learning-helpers.run`). */
@Injectable()
export class LearningHelperClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  /** Metered as the caller's `learning-helpers` use: svc-ai's refusals come back as SvcAiRefusal with their status. */
  run(request: RunLearningHelperRequest, options: AiCallOptions): Promise<LearningHelperReply> {
    return this.svcAi.request(AI_SUBJECTS.RUN_LEARNING_HELPER, request, learningHelperReplySchema, options);
  }
}
