import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { COURSES_CONFIG, CoursesConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { CatalogSeedReport, CatalogSeeder } from './catalog-seed';

/**
 * Seeds the catalog in the background once the service is up, so a large catalog never delays
 * answering; a failure is logged and the service keeps running. Shutdown stops it after the course
 * in hand and waits for that one, so no connection is cut mid-transaction (the next boot goes on).
 */
@Injectable()
export class CatalogSeedRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Promise<CatalogSeedReport | null> = Promise.resolve(null);
  private readonly stop = new AbortController();

  constructor(
    @Inject(COURSES_CONFIG) private readonly config: CoursesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.seedCourseCatalog) return;
    const seeder = new CatalogSeeder(this.dataSource, this.logger);
    this.running = seeder.seedFrom(this.config.courseCatalogSeedDir, this.stop.signal).catch((error: unknown) => {
      this.logger.error({ err: error, folder: this.config.courseCatalogSeedDir }, 'could not seed the course catalog');
      return null;
    });
  }

  /** The report of the boot-time seeding (null when it is off or failed). */
  whenSeeded(): Promise<CatalogSeedReport | null> {
    return this.running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.running;
  }
}
