import { type Caller, type CreateDefaultCoursesReply } from '@masar/contracts';
import { LOGGER, requireAdmin } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource, In } from 'typeorm';
import { COURSES_CONFIG, CoursesConfig } from '../config';
import { toCourseSummary } from '../courses/courses.service';
import { Course } from '../courses/entities/course.entity';
import { CatalogSeeder } from './catalog-seed';

/**
 * The spec's "create default courses": the starter catalog svc-courses seeds at first start (the
 * folder COURSE_CATALOG_SEED_DIR names), put back course by course. Courses already there are left
 * as they are, so it is safe to press twice; a course someone deleted comes back.
 */
@Injectable()
export class DefaultCoursesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(COURSES_CONFIG) private readonly config: CoursesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async createDefaults(caller: Caller): Promise<CreateDefaultCoursesReply> {
    requireAdmin(caller);
    const report = await new CatalogSeeder(this.dataSource, this.logger).seedFrom(this.config.courseCatalogSeedDir);
    const created =
      report.created.length === 0
        ? []
        : await this.dataSource.getRepository(Course).find({ where: { seedKey: In(report.created) }, order: { title: 'ASC' } });
    return { courses: created.map(toCourseSummary), alreadyPresent: report.alreadyPresent };
  }
}
