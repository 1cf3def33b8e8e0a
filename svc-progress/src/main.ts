import { EventOutboxModule, runServiceProcess, serviceBootstrap } from '@masar/contracts/service-kit';
import { BullModule } from '@nestjs/bull';
import { AdminStatsModule } from './admin-stats/admin-stats.module';
import { loadConfig, PROGRESS_CONFIG, type ProgressConfig } from './config';
import { PROGRESS_DATABASE } from './database/data-source';
import { EventsModule } from './events/events.module';
import { LearningRecordsModule } from './learning-records/learning-records.module';
import { LearnerSkillsModule } from './learner-skills/learner-skills.module';
import { LearningPathsModule } from './learning-paths/learning-paths.module';
import { LessonProgressModule } from './lesson-progress/lesson-progress.module';
import { LtiGradesModule } from './lti-grades/lti-grades.module';
import { ProgressOverviewModule } from './progress-overview/progress-overview.module';

/** Queues are kept per database, so a test's or a second platform's svc-progress never takes another's jobs. */
export function queuePrefixOf(databaseUrl: string): string {
  const database = new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres';
  return `masar:bull:${database}`;
}

/** svc-progress: lesson progress, learning paths and learners' skills, in the `progress` schema. */
export const bootstrap = serviceBootstrap({
  service: 'progress',
  loadConfig,
  configToken: PROGRESS_CONFIG,
  database: PROGRESS_DATABASE,
  modules: (config: ProgressConfig) => [
    LessonProgressModule,
    LearningPathsModule,
    LearnerSkillsModule,
    ProgressOverviewModule,
    AdminStatsModule,
    EventsModule,
    EventOutboxModule.register(),
    LtiGradesModule,
    // Without an LRS, nothing of learning records loads: no queue, no Redis, no consumer.
    ...(config.xapi ? [BullModule.forRoot({ redis: config.xapi.redisUrl, prefix: queuePrefixOf(config.databaseUrl) }), LearningRecordsModule] : []),
  ],
});

if (require.main === module) {
  runServiceProcess('progress', bootstrap);
}
