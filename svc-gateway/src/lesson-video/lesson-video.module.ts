import { Module } from '@nestjs/common';
import { LessonVideoUploadInterceptor } from './lesson-video-upload.interceptor';
import { LessonVideoClient } from './lesson-video.client';
import { LessonVideoController } from './lesson-video.controller';
import { LessonVideoStore } from './lesson-video.store';

@Module({
  controllers: [LessonVideoController],
  providers: [LessonVideoClient, LessonVideoStore, LessonVideoUploadInterceptor],
})
export class LessonVideoModule {}
