import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivitiesModule } from '../activities/activities.module';
import { LearnerSkillsModule } from '../learner-skills/learner-skills.module';
import { LessonEvent } from '../lesson-events/entities/lesson-event.entity';
import { LessonProgressHandlers } from './lesson-progress.handlers';
import { LessonProgressService } from './lesson-progress.service';

@Module({
  imports: [TypeOrmModule.forFeature([LessonEvent]), LearnerSkillsModule, ActivitiesModule],
  controllers: [LessonProgressHandlers],
  providers: [LessonProgressService],
  exports: [LessonProgressService],
})
export class LessonProgressModule {}
