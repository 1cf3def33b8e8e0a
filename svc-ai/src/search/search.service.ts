import { AnswerSearchReply, Caller, ExpandSearchQueryReply, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AI_CONFIG, AiConfig } from '../config';
import { aiCallModelOverride, answeringModel } from '../governance/ai-call-context';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { SEARCH_ANSWERERS, SearchAnswerer, SearchAnswerRequest } from '../providers/search-answerer';
import { QueryExpander } from './query-expander';

/** The text an answer request sends: the query and every passage. */
export function answerInputCharacters(request: SearchAnswerRequest): number {
  return characterCount(request.query, ...request.passages.map((passage) => passage.text));
}

@Injectable()
export class SearchService {
  constructor(
    private readonly expander: QueryExpander,
    @Inject(SEARCH_ANSWERERS) private readonly answerers: ProvidersByName<SearchAnswerer>,
    private readonly meter: AiCallMeter,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  /** A taxonomy lookup, no model: not an AI feature, so neither metered nor refused. */
  expandQuery(query: string): ExpandSearchQueryReply {
    return this.expander.expand(query);
  }

  /** The answer grounded in the passages, metered as `search-answer` (refusals 403/428/429/503 as for any feature). */
  async answer(request: SearchAnswerRequest, caller: Caller | null): Promise<AnswerSearchReply> {
    return this.meter.run('search-answer', caller, answerInputCharacters(request), async (provider) => {
      const answer = await providerFor(this.answerers, provider, 'search-answer').answer(request);
      const model = provider === 'offline' ? OFFLINE_MODEL_NAME : (answeringModel() ?? aiCallModelOverride() ?? this.config.openai.model);
      return { result: { ...answer, provider, model }, outputCharacters: characterCount(answer.answer, ...answer.keyInsights) };
    });
  }
}
