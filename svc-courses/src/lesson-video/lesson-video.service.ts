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
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ADMIN_COURSE_VIEW, CoursesService } from '../courses/courses.service';
import { LessonVideoStore } from './lesson-video.store';

const uploadKeyOf = (video: LessonVideo | null | undefined) => (video?.kind === 'upload' ? video.key : undefined);

/** Sets, replaces or removes a video lesson's video (admins only); an upload no lesson shows any more is deleted. */
@Injectable()
export class LessonVideoService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly courses: CoursesService,
    private readonly store: LessonVideoStore,
    @Inject(LOGGER) private readonly logger: Logger,
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
      await this.deleteUnlessShown(uploadKeyOf(video));
      throw error;
    }
    const replaced = uploadKeyOf(previous);
    if (replaced !== uploadKeyOf(video)) await this.deleteUnlessShown(replaced);
    return this.courses.get(courseId, ADMIN_COURSE_VIEW);
  }

  /** The same file uploaded for two lessons is kept once (its key is its hash): it goes only when no lesson shows it. */
  private async deleteUnlessShown(key: string | undefined): Promise<void> {
    if (key === undefined) return;
    const shown = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM "courses"."lessons" WHERE video->>'kind' = 'upload' AND video->>'key' = $1 LIMIT 1`,
      [key],
    );
    if (shown.length > 0) return;
    this.logger.info({ key }, 'deleting a lesson video no lesson shows any more');
    await this.store.delete(key);
  }
}
