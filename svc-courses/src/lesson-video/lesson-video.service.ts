import {
  COURSE_NOT_FOUND_MESSAGE,
  CourseDetail,
  LESSON_NOT_FOUND_MESSAGE,
  LessonType,
  LessonVideo,
  SetLessonVideoRequest,
  UPLOADED_VIDEO_MISSING_MESSAGE,
  VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ADMIN_COURSE_VIEW, CoursesService } from '../courses/courses.service';
import { LessonVideoStore } from './lesson-video.store';
import { UnusedLessonVideos } from './unused-lesson-videos';

const uploadKeyOf = (video: LessonVideo | null | undefined) => (video?.kind === 'upload' ? video.key : undefined);

/** Sets, replaces or removes a video lesson's video (admins only); an upload no lesson shows any more is deleted. */
@Injectable()
export class LessonVideoService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly courses: CoursesService,
    private readonly store: LessonVideoStore,
    private readonly unused: UnusedLessonVideos,
  ) {}

  async setVideo({ courseId, lessonId, video }: SetLessonVideoRequest): Promise<CourseDetail> {
    let previous: LessonVideo | null;
    try {
      previous = await this.dataSource.transaction(async (manager) => {
        const course = await manager.query<Array<{ id: string }>>('SELECT id FROM "courses"."courses" WHERE id = $1 FOR UPDATE', [courseId]);
        if (course.length === 0) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
        const lesson = await manager.query<Array<{ type: LessonType; video: LessonVideo | null }>>(
          `SELECT l.type, l.video FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
           WHERE l.id = $1 AND m.course_id = $2 FOR UPDATE OF l`,
          [lessonId, courseId],
        );
        if (lesson.length === 0) throw rpcError(404, LESSON_NOT_FOUND_MESSAGE);
        // The issue gives videos to video lessons; a lesson whose type changed keeps its video for when it changes back.
        if (video !== null && lesson[0].type !== 'video') throw rpcError(409, VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE);
        if (video?.kind === 'upload' && (await this.store.sizeOf(video.key)) !== video.bytes) throw rpcError(400, UPLOADED_VIDEO_MISSING_MESSAGE);
        await manager.query('UPDATE "courses"."lessons" SET video = $2 WHERE id = $1', [lessonId, video === null ? null : JSON.stringify(video)]);
        await manager.query('UPDATE "courses"."courses" SET updated_at = now() WHERE id = $1', [courseId]);
        return lesson[0].video;
      });
    } catch (error) {
      // The gateway stored the upload for this request only: nothing points at it when the request fails.
      await this.unused.deleteUnlessShown([uploadKeyOf(video)]);
      throw error;
    }
    const replaced = uploadKeyOf(previous);
    if (replaced !== uploadKeyOf(video)) await this.unused.deleteUnlessShown([replaced]);
    return this.courses.get(courseId, ADMIN_COURSE_VIEW);
  }
}
