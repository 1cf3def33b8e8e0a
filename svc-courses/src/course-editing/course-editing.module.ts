import { EventsModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { LessonFilesModule } from '../lesson-files/lesson-files.module';
import { CourseEditingHandlers } from './course-editing.handlers';
import { CourseEditingService } from './course-editing.service';
import { CourseStructureHandlers } from './course-structure.handlers';
import { CourseStructureService } from './course-structure.service';

@Module({
  imports: [CoursesModule, EventsModule, LessonFilesModule],
  controllers: [CourseEditingHandlers, CourseStructureHandlers],
  providers: [CourseEditingService, CourseStructureService],
})
export class CourseEditingModule {}
