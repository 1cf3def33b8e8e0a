import { AI_SUBJECTS, AnswerSearchReply, answerSearchReplySchema, AnswerSearchRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/**
 * Asks svc-ai for course search's answer, grounded in the passages given and citing them as [n]
 * (`ai.search.answer`). The caller is named so svc-ai applies their AI governance (the
 * `search-answer` feature, notice, budget) and meters the answer as theirs.
 */
@Injectable()
export class SearchAnswerClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  answer(request: AnswerSearchRequest, options: AiCallOptions): Promise<AnswerSearchReply> {
    return this.svcAi.request(AI_SUBJECTS.ANSWER_SEARCH, request, answerSearchReplySchema, options);
  }
}
