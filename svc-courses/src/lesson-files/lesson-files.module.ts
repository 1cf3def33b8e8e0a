import { NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { ExerciseAttachmentStore } from '../lesson-practice/exercise-attachment.store';
import { LessonVideoStoreModule } from '../lesson-video/lesson-video-store.module';
import { ReleasedLessonFilesCleanup } from './released-lesson-files';

/**
 * The object stores of files lessons hold (uploaded videos, exercise attachments) and their clean-up
 * when lessons are deleted: deleting a course (courses) or a module or lesson (course-editing) uses it,
 * and lesson-practice reads and checks attachments through the same store.
 */
@Module({
  imports: [NatsClientModule, LessonVideoStoreModule],
  providers: [ExerciseAttachmentStore, ReleasedLessonFilesCleanup],
  exports: [ExerciseAttachmentStore, ReleasedLessonFilesCleanup],
})
export class LessonFilesModule {}
