import { type Caller, EMBEDDINGS_NOT_CONFIGURED_MESSAGE, type EmbedSearchTextsReply, encodeEmbedding, MAX_EMBEDDING_DIMENSIONS } from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AI_CONFIG, AiConfig } from '../config';
import { recordCompletion } from '../governance/ai-call-context';
import { AI_GOVERNANCE_UNAVAILABLE_MESSAGE, AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { GovernanceService } from '../governance/governance.service';
import { AiProviderError } from '../providers/ai-provider-error';
import { openAiClientOf, unavailableReason } from '../providers/openai/openai-chat';

/**
 * Embeddings belong to course search: they are governed (switched off, budgeted, logged) as its
 * answer is, so an admin has one switch for the AI in search.
 */
export const SEARCH_EMBEDDINGS_FEATURE = 'search-answer';

/** How stale a cached vector's `used_at` may get before a read writes it again. */
export const USE_MARK_HOURS = 1;

export function sha256Of(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Embeddings of search texts from the OpenAI-compatible `/v1/embeddings` endpoint, kept per text
 * and model in `ai.search_embeddings` (migration 1796420000000): only texts never embedded with the
 * model reach the endpoint, in one batch, with one short attempt. Without OPENAI_API_KEY, or with
 * search's AI switched to the offline provider, it answers 503 at once and calls nothing.
 */
@Injectable()
export class SearchEmbeddingsService {
  private readonly client: OpenAI | null;

  constructor(
    @Inject(AI_CONFIG) private readonly config: AiConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly governance: GovernanceService,
    private readonly meter: AiCallMeter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // Its own client: one attempt within the embeddings timeout, whatever chat's timeout and retries are.
    this.client =
      config.openai.apiKey === undefined ? null : openAiClientOf({ ...config.openai, timeoutMs: config.embeddings.timeoutMs, maxRetries: 0 });
  }

  async embed(texts: string[], caller: Caller | null): Promise<EmbedSearchTextsReply> {
    const client = this.client;
    if (client === null) throw rpcError(503, EMBEDDINGS_NOT_CONFIGURED_MESSAGE);
    // The feature's switch, notice and budget hold for cached vectors too; a refusal is logged by the search's answer, not twice.
    const { settings, refusal } = await this.governance.checkCall(SEARCH_EMBEDDINGS_FEATURE, caller).catch((error: unknown) => {
      this.logger.error({ err: error, feature: SEARCH_EMBEDDINGS_FEATURE }, AI_GOVERNANCE_UNAVAILABLE_MESSAGE);
      throw rpcError(503, AI_GOVERNANCE_UNAVAILABLE_MESSAGE);
    });
    if (refusal) throw rpcError(refusal.statusCode, refusal.message);
    if (settings.provider !== 'openai') throw rpcError(503, EMBEDDINGS_NOT_CONFIGURED_MESSAGE);

    const model = this.config.embeddings.model;
    const keys = texts.map(sha256Of);
    const vectors = await this.cached(model, keys);
    const missing = new Map<string, string>();
    texts.forEach((text, index) => {
      if (!vectors.has(keys[index])) missing.set(keys[index], text);
    });
    if (missing.size > 0) {
      const asked = [...missing.values()];
      const made = await this.meter.run(SEARCH_EMBEDDINGS_FEATURE, caller, characterCount(...asked), async () => ({
        result: await this.ask(client, model, asked),
        outputCharacters: 0,
      }));
      const madeKeys = [...missing.keys()];
      madeKeys.forEach((key, index) => vectors.set(key, made[index]));
      await this.keep(model, madeKeys, made);
    }
    const answer = keys.map((key) => vectors.get(key) as number[]);
    if (new Set(answer.map((vector) => vector.length)).size > 1) {
      // Vectors cached under the same model name but of another size: the endpoint's model changed under its name.
      throw rpcError(502, `The embeddings model "${model}" answered vectors of different lengths`);
    }
    return { model, vectors: answer.map(encodeEmbedding) };
  }

  /**
   * The vectors kept for these texts. Reading one marks it used (at most once per USE_MARK_HOURS, so
   * a popular search does not write on every read): the pruner keeps what searches still read.
   */
  private async cached(model: string, keys: string[]): Promise<Map<string, number[]>> {
    const rows = await this.dataSource.query<Array<{ key: string; vector: number[]; mark: boolean }>>(
      `SELECT "text_sha256" AS key, "vector", "used_at" < now() - make_interval(hours => ${USE_MARK_HOURS}) AS mark
         FROM "ai"."search_embeddings" WHERE "model" = $1 AND "text_sha256" = ANY($2::text[])`,
      [model, [...new Set(keys)]],
    );
    const marked = rows.filter((row) => row.mark).map((row) => row.key);
    if (marked.length > 0) {
      await this.dataSource
        .query(`UPDATE "ai"."search_embeddings" SET "used_at" = now() WHERE "model" = $1 AND "text_sha256" = ANY($2::text[])`, [model, marked])
        // The vectors are answered all the same; at worst one is pruned and embedded again later.
        .catch((error: unknown) => this.logger.error({ err: error, model }, 'search embeddings could not be marked as used'));
    }
    return new Map(rows.map((row) => [row.key, row.vector.map(Number)]));
  }

  /** Two searches may embed the same passage at once: the first to write keeps it. */
  private async keep(model: string, keys: string[], vectors: number[][]): Promise<void> {
    await this.dataSource
      .query(
        `INSERT INTO "ai"."search_embeddings" ("model", "text_sha256", "vector")
         SELECT $1, k.key, ARRAY(SELECT jsonb_array_elements_text(k.vector)::real) FROM unnest($2::text[], $3::jsonb[]) AS k(key, vector)
         ON CONFLICT DO NOTHING`,
        [model, keys, vectors.map((vector) => JSON.stringify(vector))],
      )
      // The vectors are answered even if they cannot be kept: the next search asks for them again.
      .catch((error: unknown) => this.logger.error({ err: error, model }, 'search embeddings could not be cached'));
  }

  private async ask(client: OpenAI, model: string, texts: string[]): Promise<number[][]> {
    let answer: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      answer = await client.embeddings.create({ model, input: texts, encoding_format: 'float' });
    } catch (error) {
      // The call log names the embeddings model that failed, not the chat model the feature's settings hold.
      recordCompletion(model, undefined);
      const reason = unavailableReason(error, { ...this.config.openai, timeoutMs: this.config.embeddings.timeoutMs, maxRetries: 0 }, model);
      this.logger.warn({ err: error, model }, `embeddings endpoint unavailable: ${reason}`);
      throw new AiProviderError(503, `The embeddings model is unavailable: ${reason}`);
    }
    recordCompletion(model, { prompt_tokens: answer.usage?.prompt_tokens, completion_tokens: 0 });
    const byIndex = new Map((answer.data ?? []).map((item) => [item.index, item.embedding]));
    const vectors = texts.map((_, index) => byIndex.get(index));
    const usable = (vector: unknown): vector is number[] =>
      Array.isArray(vector) && vector.length > 0 && vector.length <= MAX_EMBEDDING_DIMENSIONS && vector.every((value) => typeof value === 'number' && Number.isFinite(value));
    if (!vectors.every(usable) || new Set(vectors.map((vector) => vector.length)).size > 1) {
      this.logger.warn({ model, answered: answer.data?.length ?? 0, asked: texts.length }, 'embeddings answer has the wrong shape');
      throw new AiProviderError(502, 'The embeddings model returned vectors Masar cannot use');
    }
    return vectors;
  }
}
