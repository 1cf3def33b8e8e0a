import { Module } from '@nestjs/common';
import { CourseEditingClient } from './course-editing.client';
import { CourseEditingController } from './course-editing.controller';
import { CourseStructureClient } from './course-structure.client';
import { CourseStructureController } from './course-structure.controller';

@Module({
  controllers: [CourseEditingController, CourseStructureController],
  providers: [CourseEditingClient, CourseStructureClient],
})
export class CourseEditingModule {}
