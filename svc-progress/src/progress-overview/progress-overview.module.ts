import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivitiesModule } from '../activities/activities.module';
import { LearnerCourse } from '../learner-courses/entities/learner-course.entity';
import { LearnerSkillsModule } from '../learner-skills/learner-skills.module';
import { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';
import { RemovedCoursesModule } from '../removed-courses/removed-courses.module';
import { ProgressOverviewHandlers } from './progress-overview.handlers';
import { ProgressOverviewService } from './progress-overview.service';

@Module({
  imports: [TypeOrmModule.forFeature([LearnerCourse, LearningPathRecord]), LearnerSkillsModule, ActivitiesModule, RemovedCoursesModule],
  controllers: [ProgressOverviewHandlers],
  providers: [ProgressOverviewService],
  exports: [ProgressOverviewService],
})
export class ProgressOverviewModule {}
