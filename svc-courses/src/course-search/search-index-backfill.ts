import { LOGGER } from '@masar/contracts/service-kit';
import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { reindexCourse, unindexedCourseIds } from './course-search-index';

/** Courses looked up per round of the backfill. */
const BACKFILL_BATCH = 100;

/**
 * Indexes, in the background after boot, the courses that have no search passages: those stored
 * before the index existed, or written straight into the table (imports, tests). Each course is
 * its own transaction; shutdown stops after the course in hand.
 */
@Injectable()
export class SearchIndexBackfill implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Promise<number> = Promise.resolve(0);
  private readonly stop = new AbortController();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.backfill().catch((error: unknown) => {
      this.logger.error({ err: error }, 'could not index the courses stored before course search');
      return 0;
    });
  }

  /** How many courses the boot-time backfill indexed. */
  whenDone(): Promise<number> {
    return this.running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  private async backfill(): Promise<number> {
    let indexed = 0;
    for (;;) {
      const ids = await unindexedCourseIds(this.dataSource.manager, BACKFILL_BATCH);
      if (ids.length === 0) break;
      for (const id of ids) {
        if (this.stop.signal.aborted) return indexed;
        await this.dataSource.transaction((manager) => reindexCourse(manager, id));
        indexed += 1;
      }
    }
    if (indexed > 0) this.logger.info({ courses: indexed }, 'indexed courses for search');
    return indexed;
  }
}
