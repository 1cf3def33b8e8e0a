import { EventOutboxModule, runServiceProcess, serviceBootstrap } from '@masar/contracts/service-kit';
import { BullModule } from '@nestjs/bull';
import { AgentTasksModule } from './agent-tasks/agent-tasks.module';
import { CatalogModule } from './catalog/catalog.module';
import { COURSES_CONFIG, CoursesConfig, loadConfig } from './config';
import { CourseEditingModule } from './course-editing/course-editing.module';
import { CoursePublishingModule } from './course-publishing/course-publishing.module';
import { CourseAuthoringModule } from './course-authoring/course-authoring.module';
import { CourseCreationModule } from './course-creation/course-creation.module';
import { CourseSearchModule } from './course-search/course-search.module';
import { CoursesModule } from './courses/courses.module';
import { LessonPracticeModule } from './lesson-practice/lesson-practice.module';
import { LessonVideoModule } from './lesson-video/lesson-video.module';
import { LearningHelpersModule } from './learning-helpers/learning-helpers.module';
import { COURSES_DATABASE } from './database/data-source';
import { PathCandidatesModule } from './path-candidates/path-candidates.module';
import { QualityModule } from './quality/quality.module';
import { ReadyAiModule } from './ready-ai/ready-ai.module';
import { ContentEnhancementModule } from './content-enhancement/content-enhancement.module';
import { CourseNarrationModule } from './course-narration/course-narration.module';

/**
 * Queues are kept per database: a test's or a second platform's svc-courses (another database,
 * the same Redis) never takes jobs whose task rows it cannot see.
 */
export function queuePrefixOf(databaseUrl: string): string {
  const database = new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres';
  return `masar:bull:${database}`;
}

/** svc-courses: the course catalog, course authoring and the course creation queue, in the `courses` schema. */
export const bootstrap = serviceBootstrap({
  service: 'courses',
  loadConfig,
  configToken: COURSES_CONFIG,
  database: COURSES_DATABASE,
  modules: (config: CoursesConfig) => [
    BullModule.forRoot({ redis: config.redisUrl, prefix: queuePrefixOf(config.databaseUrl) }),
    EventOutboxModule.register(),
    CoursesModule,
    CourseAuthoringModule,
    CourseEditingModule,
    CoursePublishingModule,
    CourseCreationModule,
    AgentTasksModule,
    ReadyAiModule,
    QualityModule,
    ContentEnhancementModule,
    CourseNarrationModule,
    CatalogModule,
    PathCandidatesModule,
    CourseSearchModule,
    LearningHelpersModule,
    LessonPracticeModule,
    LessonVideoModule,
  ],
});

if (require.main === module) {
  runServiceProcess('courses', bootstrap);
}
