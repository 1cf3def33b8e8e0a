import { LOGGER } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { DataSource, EntityManager } from 'typeorm';
import { LessonVideoStore } from './lesson-video.store';

/** Which lessons are about to go: a whole course, one module, or one lesson. */
export type LessonsBeingRemoved = { courseId: string } | { moduleId: string } | { lessonId: string };

const SCOPE_SQL: Record<'courseId' | 'moduleId' | 'lessonId', string> = {
  courseId: 'm.course_id = $1',
  moduleId: 'l.module_id = $1',
  lessonId: 'l.id = $1',
};

/** The SQL condition (on lessons `l` joined to modules `m`) that picks the lessons in `scope`, and its one parameter. */
export function lessonsScopeSql(scope: LessonsBeingRemoved): { condition: string; id: string } {
  const [column, id] = Object.entries(scope)[0] as [keyof typeof SCOPE_SQL, string];
  return { condition: SCOPE_SQL[column], id };
}

/**
 * The uploaded files the lessons in `scope` show, read inside the transaction that deletes them
 * (before the delete, since the rows go with it).
 */
export async function uploadedVideoKeysOf(manager: EntityManager, scope: LessonsBeingRemoved): Promise<string[]> {
  const { condition, id } = lessonsScopeSql(scope);
  const rows = await manager.query<Array<{ key: string }>>(
    `SELECT DISTINCT l.video->>'key' AS key FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
     WHERE ${condition} AND l.video->>'kind' = 'upload'`,
    [id],
  );
  return rows.map((row) => row.key);
}

/**
 * Deletes uploaded lesson videos no lesson shows any more. The store is content-addressed (a file's
 * key is its sha256), so the same file uploaded for two lessons is one object: it goes only when no
 * lesson, of any course, still points at it. Called after the transaction that let go of the files
 * committed, so a rolled-back change never loses a video.
 */
@Injectable()
export class UnusedLessonVideos {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: LessonVideoStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async deleteUnlessShown(keys: Iterable<string | undefined>): Promise<void> {
    for (const key of new Set(keys)) {
      if (key === undefined) continue;
      const shown = await this.dataSource.query<unknown[]>(
        `SELECT 1 FROM "courses"."lessons" WHERE video->>'kind' = 'upload' AND video->>'key' = $1 LIMIT 1`,
        [key],
      );
      if (shown.length > 0) continue;
      this.logger.info({ key }, 'deleting a lesson video no lesson shows any more');
      // The store only logs a failed delete: the lesson change that let go of the file has committed and stays.
      await this.store.delete(key);
    }
  }
}
