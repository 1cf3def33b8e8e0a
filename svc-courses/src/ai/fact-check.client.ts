import { AI_SUBJECTS, FactCheckLessonsReply, factCheckLessonsReplySchema, FactCheckLessonsRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/** Asks svc-ai to review a few lessons of a course for wrong or contradictory claims (`ai.quality.fact-check`). */
@Injectable()
export class FactCheckClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  /** The findings (each quoting its lesson) and the lessons checked; svc-ai answers 501 when it has no language model. */
  check(request: FactCheckLessonsRequest, options: AiCallOptions): Promise<FactCheckLessonsReply> {
    return this.svcAi.request(AI_SUBJECTS.FACT_CHECK_LESSONS, request, factCheckLessonsReplySchema, options);
  }
}
