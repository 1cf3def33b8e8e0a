import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { CourseImagesController } from './course-images.controller';
import { CoursesClient } from './courses.client';
import { CoursesController } from './courses.controller';
import { CourseFilesInterceptor } from './uploads/course-files.interceptor';
import { CourseMaterialUploads } from './uploads/course-material-uploads';
import { CourseImagesStore, CourseUploadsStore } from './uploads/course-uploads.store';

@Module({
  imports: [AiModule],
  controllers: [CoursesController, CourseImagesController],
  providers: [CoursesClient, CourseUploadsStore, CourseImagesStore, CourseMaterialUploads, CourseFilesInterceptor],
  exports: [CoursesClient],
})
export class CoursesModule {}
