import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { LessonVideoHandlers } from './lesson-video.handlers';
import { LessonVideoService } from './lesson-video.service';
import { LessonVideoStoreModule } from './lesson-video-store.module';

@Module({
  imports: [CoursesModule, LessonVideoStoreModule],
  controllers: [LessonVideoHandlers],
  providers: [LessonVideoService],
})
export class LessonVideoModule {}
