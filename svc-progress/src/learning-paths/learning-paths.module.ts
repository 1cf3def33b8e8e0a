import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivitiesModule } from '../activities/activities.module';
import { CoursesClientModule } from '../courses/courses-client.module';
import { RemovedCoursesModule } from '../removed-courses/removed-courses.module';
import { LearnerSkillsModule } from '../learner-skills/learner-skills.module';
import { ProgressOverviewModule } from '../progress-overview/progress-overview.module';
import { SkillGapsModule } from '../skill-gaps/skill-gaps.module';
import { LearningPathRecord } from './entities/learning-path.entity';
import { LearningPathsHandlers } from './learning-paths.handlers';
import { LearningPathsService } from './learning-paths.service';

@Module({
  imports: [TypeOrmModule.forFeature([LearningPathRecord]), LearnerSkillsModule, CoursesClientModule, ActivitiesModule, RemovedCoursesModule, ProgressOverviewModule, SkillGapsModule],
  controllers: [LearningPathsHandlers],
  providers: [LearningPathsService],
})
export class LearningPathsModule {}
