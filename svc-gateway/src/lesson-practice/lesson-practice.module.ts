import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { ProgressModule } from '../progress/progress.module';
import { ExerciseAttachmentStore } from './exercise-attachment.store';
import { ExerciseAttachmentsInterceptor } from './exercise-attachments.interceptor';
import { ExerciseWorkUploads } from './exercise-work-uploads';
import { LessonPracticeClient } from './lesson-practice.client';
import { LessonPracticeController } from './lesson-practice.controller';

@Module({
  imports: [ProgressModule, IdentityModule],
  controllers: [LessonPracticeController],
  providers: [LessonPracticeClient, ExerciseAttachmentStore, ExerciseAttachmentsInterceptor, ExerciseWorkUploads],
})
export class LessonPracticeModule {}
