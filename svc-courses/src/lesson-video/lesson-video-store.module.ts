import { NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { LessonVideoStore } from './lesson-video.store';
import { UnusedLessonVideos } from './unused-lesson-videos';

/**
 * The uploaded-video store and its cleanup, apart from the video handlers: deleting a course
 * (courses) or a module or lesson (course-editing) must also let go of their files, and those
 * modules are imported by the video module, not the other way round.
 */
@Module({
  imports: [NatsClientModule],
  providers: [LessonVideoStore, UnusedLessonVideos],
  exports: [LessonVideoStore, UnusedLessonVideos],
})
export class LessonVideoStoreModule {}
