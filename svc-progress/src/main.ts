import { runServiceProcess, serviceBootstrap } from '@masar/contracts/service-kit';
import { AdminStatsModule } from './admin-stats/admin-stats.module';
import { loadConfig, PROGRESS_CONFIG } from './config';
import { PROGRESS_DATABASE } from './database/data-source';
import { EventsModule } from './events/events.module';
import { LearnerSkillsModule } from './learner-skills/learner-skills.module';
import { LearningPathsModule } from './learning-paths/learning-paths.module';
import { LessonProgressModule } from './lesson-progress/lesson-progress.module';
import { ProgressOverviewModule } from './progress-overview/progress-overview.module';

/** svc-progress: lesson progress, learning paths and learners' skills, in the `progress` schema. */
export const bootstrap = serviceBootstrap({
  service: 'progress',
  loadConfig,
  configToken: PROGRESS_CONFIG,
  database: PROGRESS_DATABASE,
  modules: () => [
    LessonProgressModule,
    LearningPathsModule,
    LearnerSkillsModule,
    ProgressOverviewModule,
    AdminStatsModule,
    EventsModule,
  ],
});

if (require.main === module) {
  runServiceProcess('progress', bootstrap);
}
