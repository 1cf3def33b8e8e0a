import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { CoursePublishingHandlers } from './course-publishing.handlers';
import { CoursePublishingService } from './course-publishing.service';

@Module({
  imports: [CoursesModule],
  controllers: [CoursePublishingHandlers],
  providers: [CoursePublishingService],
})
export class CoursePublishingModule {}
