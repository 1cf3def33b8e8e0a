import { Module } from '@nestjs/common';
import { CourseEditingClient } from './course-editing.client';
import { CourseEditingController } from './course-editing.controller';

@Module({
  controllers: [CourseEditingController],
  providers: [CourseEditingClient],
})
export class CourseEditingModule {}
