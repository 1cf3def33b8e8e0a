import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { AdminStatsController } from '../admin-stats/admin-stats.controller';
import { LearnerSkillsController } from '../learner-skills/learner-skills.controller';
import { LessonCompletionRecorder } from './lesson-completion-recorder';
import { ProgressClient } from './progress.client';
import { ProgressController } from './progress.controller';

@Module({
  imports: [CoursesModule],
  controllers: [ProgressController, LearnerSkillsController, AdminStatsController],
  providers: [ProgressClient, LessonCompletionRecorder],
  exports: [LessonCompletionRecorder, ProgressClient],
})
export class ProgressModule {}
