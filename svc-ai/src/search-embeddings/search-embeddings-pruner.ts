import { LOGGER } from '@masar/contracts/service-kit';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AI_CONFIG, AiConfig } from '../config';

/**
 * Keeps `ai.search_embeddings` from growing for ever: every SEARCH_EMBEDDINGS_PRUNE_INTERVAL_MINUTES
 * it deletes the vectors no search has read for SEARCH_EMBEDDINGS_RETENTION_DAYS. svc-ai keeps only
 * a text's hash, never the text, so a passage rewritten or deleted in svc-courses cannot be matched
 * here; its vector is simply never read again and leaves after the retention period, as do queries
 * nobody repeats. Several instances may prune at once: deleting twice deletes nothing more.
 */
@Injectable()
export class SearchEmbeddingsPruner implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(AI_CONFIG) private readonly config: AiConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.pruneLogged(), this.config.embeddings.pruneIntervalMinutes * 60_000);
    // A timer must not keep a closing process alive.
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Deletes the vectors unread for the retention period; answers how many went. */
  async prune(): Promise<number> {
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM "ai"."search_embeddings" WHERE "used_at" < now() - make_interval(days => $1::int)`,
      [this.config.embeddings.retentionDays],
    );
    return deleted;
  }

  private async pruneLogged(): Promise<void> {
    try {
      const deleted = await this.prune();
      if (deleted > 0) this.logger.info({ deleted, retentionDays: this.config.embeddings.retentionDays }, 'search embeddings unread for the retention period were pruned');
    } catch (error) {
      this.logger.warn({ err: error }, 'search embeddings could not be pruned; trying again at the next interval');
    }
  }
}
