import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoursesClientModule } from '../courses/courses-client.module';
import { LearnerCourse } from '../learner-courses/entities/learner-course.entity';
import { LearnerSkillsModule } from '../learner-skills/learner-skills.module';
import { SkillGapsService } from './skill-gaps.service';

@Module({
  imports: [TypeOrmModule.forFeature([LearnerCourse]), LearnerSkillsModule, CoursesClientModule],
  providers: [SkillGapsService],
  exports: [SkillGapsService],
})
export class SkillGapsModule {}
