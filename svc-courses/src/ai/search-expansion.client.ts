import { AI_SUBJECTS, ExpandSearchQueryReply, expandSearchQueryReplySchema, ExpandSearchQueryRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/** A taxonomy lookup answers in milliseconds: search goes on without it rather than wait longer. */
export const EXPAND_QUERY_TIMEOUT_MS = 1000;

/** Asks svc-ai which taxonomy skills a search query names, with all their spellings (`ai.search.expand-query`). */
@Injectable()
export class SearchExpansionClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  expand(query: string, options: AiCallOptions): Promise<ExpandSearchQueryReply> {
    const request: ExpandSearchQueryRequest = { query };
    return this.svcAi.request(AI_SUBJECTS.EXPAND_SEARCH_QUERY, request, expandSearchQueryReplySchema, {
      timeoutMs: EXPAND_QUERY_TIMEOUT_MS,
      ...options,
    });
  }
}
