import { Module } from '@nestjs/common';
import { CoursePublishingClient } from './course-publishing.client';
import { CoursePublishingController } from './course-publishing.controller';

@Module({
  controllers: [CoursePublishingController],
  providers: [CoursePublishingClient],
})
export class CoursePublishingModule {}
