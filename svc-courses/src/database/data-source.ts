import { DEFAULT_DATABASE_URL, OutboxedEvent, runSchemaMigrations, type ServiceDatabase, serviceDataSourceOptions } from '@masar/contracts/service-kit';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import { CreateCatalog1795313700000 } from './migrations/1795313700000-create-catalog';
import { ExtendCatalog1795400000000 } from './migrations/1795400000000-extend-catalog';
import { AddCourseAuthoring1795500000000 } from './migrations/1795500000000-add-course-authoring';
import { SpeedUpCatalogReads1795600000000 } from './migrations/1795600000000-speed-up-catalog-reads';
import { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import { AgentTasks1795700000000 } from './migrations/1795700000000-agent-tasks';
import { LessonSearchVectors1795730000000 } from './migrations/1795730000000-lesson-search-vectors';
import { QualityReviews1795710000000 } from './migrations/1795710000000-quality-reviews';
import { LessonEnhancements1795720000000 } from './migrations/1795720000000-lesson-enhancements';
import { AiGovernance1795750000000 } from './migrations/1795750000000-ai-governance';
import { SearchPassages1796000000000 } from './migrations/1796000000000-search-passages';
import { SearchIndexVersion1796100000000 } from './migrations/1796100000000-search-index-version';
import { LessonPractice1796200000000 } from './migrations/1796200000000-lesson-practice';
import { CoursePublishing1796300000000 } from './migrations/1796300000000-course-publishing';
import { LessonVideo1796310000000 } from './migrations/1796310000000-lesson-video';
import { CourseNarrationTasks1796330000000 } from './migrations/1796330000000-course-narration-tasks';
import { ExerciseSubmissionFiles1796400000000 } from './migrations/1796400000000-exercise-submission-files';
import { OutboxEvents1796880000001 } from './migrations/1796880000001-outbox-events';
import { ExerciseSubmission } from '../lesson-practice/entities/exercise-submission.entity';
import { QuizAttempt } from '../lesson-practice/entities/quiz-attempt.entity';
import { QualityFinding } from '../quality/entities/quality-finding.entity';
import { QualityReview } from '../quality/entities/quality-review.entity';

/** The Postgres schema svc-courses owns; nobody else reads or writes it. */
export const COURSES_SCHEMA = 'courses';

/** What svc-courses keeps in Postgres: its entities and, in order, its migrations. */
export const COURSES_DATABASE: ServiceDatabase = {
  service: 'courses',
  schema: COURSES_SCHEMA,
  entities: [Course, CourseModule, Lesson, AgentTask, QualityReview, QualityFinding, QuizAttempt, ExerciseSubmission, OutboxedEvent],
  migrations: [
    CreateCatalog1795313700000, ExtendCatalog1795400000000, AddCourseAuthoring1795500000000, SpeedUpCatalogReads1795600000000, AgentTasks1795700000000,
    QualityReviews1795710000000, LessonEnhancements1795720000000, LessonSearchVectors1795730000000,
    AiGovernance1795750000000, SearchPassages1796000000000, SearchIndexVersion1796100000000,
    LessonPractice1796200000000, CoursePublishing1796300000000, LessonVideo1796310000000, CourseNarrationTasks1796330000000,
    ExerciseSubmissionFiles1796400000000, OutboxEvents1796880000001,
  ],
};

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function coursesDataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return serviceDataSourceOptions(COURSES_DATABASE, databaseUrl);
}

/** Brings the schema up to date (the service does it at boot; tests call it directly). */
export function runCoursesMigrations(databaseUrl: string): Promise<string[]> {
  return runSchemaMigrations(coursesDataSourceOptions(databaseUrl));
}

/**
 * For the TypeORM CLI, e.g. `npx typeorm -d dist/database/data-source.js migration:show`.
 * It reads DATABASE_URL without validating: the service validates its whole configuration
 * in bootstrap(), and importing this file must never throw.
 */
export const dataSource = new DataSource(coursesDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
