import { AGENT_TASK_JOBS } from '@masar/contracts';
import { LOGGER } from '@masar/contracts/service-kit';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AgentTasksService } from '../agent-tasks/agent-tasks.service';
import type { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import { MASAR_ITSELF } from '../agent-tasks/task-starter';
import { CatalogSeedRunner } from '../catalog/catalog-seed.runner';
import { QualityReviewService } from './quality-review.service';

/** Held while one instance decides whether the seed catalog still needs its first review. */
const SEED_REVIEW_LOCK = 'masar.courses.seed-quality-review';

/**
 * Reviews the seed catalog once, at the first start, so /quality is never empty on a fresh
 * install: after the catalog is seeded, and only while there is no review and no quality-review
 * task at all (so never again after that, whatever happens to the task). The decision and the
 * task row are one transaction under an advisory lock, so instances starting together make one.
 * The task is Masar's own (MASAR_ITSELF: SYSTEM_CALLER_ID, no role); admins see it with every other task.
 */
@Injectable()
export class SeedQualityReviewRunner implements OnApplicationBootstrap {
  private running: Promise<AgentTask | null> = Promise.resolve(null);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: CatalogSeedRunner,
    private readonly reviews: QualityReviewService,
    private readonly agentTasks: AgentTasksService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.catalog
      .whenSeeded()
      .then((report) => (report ? this.reviewSeedCatalogOnce() : null))
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'could not start the first quality review of the seed catalog');
        return null;
      });
  }

  /** The task this instance started for the seed catalog, or null (another did, it was done before, or seeding is off). */
  whenStarted(): Promise<AgentTask | null> {
    return this.running;
  }

  private async reviewSeedCatalogOnce(): Promise<AgentTask | null> {
    const created = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SEED_REVIEW_LOCK]);
      const [done] = await manager.query<unknown[]>(
        `SELECT 1 WHERE EXISTS (SELECT 1 FROM "courses"."quality_reviews")
                     OR EXISTS (SELECT 1 FROM "courses"."agent_tasks" WHERE "type" = 'quality-review')`,
      );
      if (done) return null;
      const courses = await this.reviews.internalCourses(manager, true);
      if (courses.length === 0) return null;
      const [task] = await this.reviews.createTask(manager, MASAR_ITSELF, courses);
      return task;
    });
    if (!created) return null;
    await this.agentTasks.queueRuns([created], AGENT_TASK_JOBS.QUALITY_REVIEW);
    this.logger.info({ taskId: created.id }, 'started the first quality review of the seed catalog');
    return created;
  }
}
