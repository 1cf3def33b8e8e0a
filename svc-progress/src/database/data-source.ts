import { DEFAULT_DATABASE_URL, OutboxedEvent, runSchemaMigrations, type ServiceDatabase, serviceDataSourceOptions } from '@masar/contracts/service-kit';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { Activity } from '../activities/entities/activity.entity';
import { MappedSkill } from '../activities/entities/mapped-skill.entity';
import { LearnerCourse } from '../learner-courses/entities/learner-course.entity';
import { LearnerSkill } from '../learner-skills/entities/learner-skill.entity';
import { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';
import { AppliedReport } from '../lesson-events/entities/applied-report.entity';
import { LessonEvent } from '../lesson-events/entities/lesson-event.entity';
import { LtiLineItem } from '../lti-grades/entities/lti-line-item.entity';
import { LtiQuizResult } from '../lti-grades/entities/lti-quiz-result.entity';
import { RemovedCourse } from '../removed-courses/entities/removed-course.entity';
import { CreateLessonEvents1795313700000 } from './migrations/1795313700000-create-lesson-events';
import { RecordLessonProgress1795500000000 } from './migrations/1795500000000-record-lesson-progress';
import { CreateLearningPaths1795700000000 } from './migrations/1795700000000-create-learning-paths';
import { TrackCoursesAndActivity1795800000000 } from './migrations/1795800000000-track-courses-and-activity';
import { RememberRemovedCourses1795900000000 } from './migrations/1795900000000-remember-removed-courses';
import { FitPathsToTheYear1796700000000 } from './migrations/1796700000000-fit-paths-to-the-year';
import { RememberLtiLineItems1796860000000 } from './migrations/1796860000000-remember-lti-line-items';
import { OutboxEvents1796880000000 } from './migrations/1796880000000-outbox-events';
import { RememberLtiQuizResults1796894000000 } from './migrations/1796894000000-remember-lti-quiz-results';

/** The Postgres schema svc-progress owns; nobody else reads or writes it. */
export const PROGRESS_SCHEMA = 'progress';

/** What svc-progress keeps in Postgres: its entities and, in order, its migrations. */
export const PROGRESS_DATABASE: ServiceDatabase = {
  service: 'progress',
  schema: PROGRESS_SCHEMA,
  entities: [LessonEvent, AppliedReport, LearningPathRecord, LearnerSkill, LearnerCourse, Activity, MappedSkill, RemovedCourse, LtiLineItem, LtiQuizResult, OutboxedEvent],
  migrations: [
    CreateLessonEvents1795313700000,
    RecordLessonProgress1795500000000,
    CreateLearningPaths1795700000000,
    TrackCoursesAndActivity1795800000000,
    RememberRemovedCourses1795900000000,
    FitPathsToTheYear1796700000000,
    RememberLtiLineItems1796860000000,
    OutboxEvents1796880000000,
    RememberLtiQuizResults1796894000000,
  ],
};

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function progressDataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return serviceDataSourceOptions(PROGRESS_DATABASE, databaseUrl);
}

/** Brings the schema up to date (the service does it at boot; tests call it directly). */
export function runProgressMigrations(databaseUrl: string): Promise<string[]> {
  return runSchemaMigrations(progressDataSourceOptions(databaseUrl));
}

/**
 * For the TypeORM CLI, e.g. `npx typeorm -d dist/database/data-source.js migration:show`.
 * It reads DATABASE_URL without validating: the service validates its whole configuration
 * in bootstrap(), and importing this file must never throw.
 */
export const dataSource = new DataSource(progressDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
