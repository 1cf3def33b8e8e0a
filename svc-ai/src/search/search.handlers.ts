import { AI_SUBJECTS, AnswerSearchReply, answerSearchRequestSchema, ExpandSearchQueryReply, ExpandSearchQueryRequest, expandSearchQueryRequestSchema } from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { SearchAnswerRequest } from '../providers/search-answerer';
import { SearchService } from './search.service';

@Controller()
export class SearchHandlers {
  constructor(private readonly search: SearchService) {}

  @MessagePattern(AI_SUBJECTS.EXPAND_SEARCH_QUERY)
  expandQuery(@Payload(new ZodPayloadPipe(expandSearchQueryRequestSchema)) request: ExpandSearchQueryRequest): ExpandSearchQueryReply {
    return this.search.expandQuery(request.query);
  }

  /** svc-courses asks in the searching person's name (the caller header); without one the work is Masar's own. */
  @MessagePattern(AI_SUBJECTS.ANSWER_SEARCH)
  answer(
    @Payload(new ZodPayloadPipe(answerSearchRequestSchema)) request: SearchAnswerRequest,
    @Ctx() context: NatsContext,
  ): Promise<AnswerSearchReply> {
    return this.search.answer(request, callerOf(context));
  }
}
