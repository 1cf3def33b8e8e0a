import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { CourseEditingHandlers } from './course-editing.handlers';
import { CourseEditingService } from './course-editing.service';

@Module({
  imports: [CoursesModule],
  controllers: [CourseEditingHandlers],
  providers: [CourseEditingService],
})
export class CourseEditingModule {}
