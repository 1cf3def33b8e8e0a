import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { DEFAULT_DATABASE_URL } from '../config';
import { Activity } from '../activities/entities/activity.entity';
import { MappedSkill } from '../activities/entities/mapped-skill.entity';
import { LearnerCourse } from '../learner-courses/entities/learner-course.entity';
import { LearnerSkill } from '../learner-skills/entities/learner-skill.entity';
import { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';
import { AppliedReport } from '../lesson-events/entities/applied-report.entity';
import { LessonEvent } from '../lesson-events/entities/lesson-event.entity';
import { RemovedCourse } from '../removed-courses/entities/removed-course.entity';
import { CreateLessonEvents1795313700000 } from './migrations/1795313700000-create-lesson-events';
import { RecordLessonProgress1795500000000 } from './migrations/1795500000000-record-lesson-progress';
import { CreateLearningPaths1795700000000 } from './migrations/1795700000000-create-learning-paths';
import { TrackCoursesAndActivity1795800000000 } from './migrations/1795800000000-track-courses-and-activity';
import { RememberRemovedCourses1795900000000 } from './migrations/1795900000000-remember-removed-courses';

/** The Postgres schema svc-progress owns; nobody else reads or writes it. */
export const PROGRESS_SCHEMA = 'progress';

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function progressDataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    applicationName: 'svc-progress',
    schema: PROGRESS_SCHEMA,
    // With `schema` set, TypeORM keeps its migrations table inside `progress` too.
    migrationsTableName: 'migrations',
    entities: [LessonEvent, AppliedReport, LearningPathRecord, LearnerSkill, LearnerCourse, Activity, MappedSkill, RemovedCourse],
    migrations: [
      CreateLessonEvents1795313700000,
      RecordLessonProgress1795500000000,
      CreateLearningPaths1795700000000,
      TrackCoursesAndActivity1795800000000,
      RememberRemovedCourses1795900000000,
    ],
    synchronize: false,
    migrationsRun: false,
    // Ids come from gen_random_uuid(), built into Postgres 13+: no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    connectTimeoutMS: 3000,
  };
}

/**
 * For the TypeORM CLI, e.g. `npx typeorm -d dist/database/data-source.js migration:show`.
 * It reads DATABASE_URL without validating: the service validates its whole configuration
 * in bootstrap(), and importing this file must never throw.
 */
export const dataSource = new DataSource(progressDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
