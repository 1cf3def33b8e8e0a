import { AI_SUBJECTS, type EmbedSearchTextsReply, embedSearchTextsReplySchema, type EmbedSearchTextsRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/**
 * svc-ai's own limit on the endpoint is OPENAI_EMBEDDING_TIMEOUT_MS (1.5 s by default): this leaves
 * it time to answer its 503 first, and bounds what a search waits for an optional signal.
 */
export const EMBED_TEXTS_TIMEOUT_MS = 2500;

/**
 * Asks svc-ai for embeddings of a search query and its candidate passages (`ai.search.embed`), in
 * the searching person's name so search's AI governance applies; 503 when no endpoint is configured.
 */
@Injectable()
export class SearchEmbeddingsClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  embed(texts: string[], options: AiCallOptions): Promise<EmbedSearchTextsReply> {
    const request: EmbedSearchTextsRequest = { texts };
    return this.svcAi.request(AI_SUBJECTS.EMBED_SEARCH_TEXTS, request, embedSearchTextsReplySchema, { timeoutMs: EMBED_TEXTS_TIMEOUT_MS, ...options });
  }
}
