import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ExerciseAttachmentStore } from '../lesson-practice/exercise-attachment.store';
import { type LessonsBeingRemoved, lessonsScopeSql, UnusedLessonVideos, uploadedVideoKeysOf } from '../lesson-video/unused-lesson-videos';

/** The stored files that deleted lessons let go of: uploaded videos and learners' exercise attachments. */
export interface ReleasedLessonFiles {
  videoKeys: string[];
  attachmentIds: string[];
}

export const NO_RELEASED_FILES: ReleasedLessonFiles = { videoKeys: [], attachmentIds: [] };

/**
 * The files the lessons in `scope` hold, read inside the transaction that deletes them (before the
 * delete: the submissions cascade away with their lessons).
 */
export async function filesOfLessonsBeingRemoved(manager: EntityManager, scope: LessonsBeingRemoved): Promise<ReleasedLessonFiles> {
  const { condition, id } = lessonsScopeSql(scope);
  const attachments = await manager.query<Array<{ id: string }>>(
    `SELECT DISTINCT a->>'attachmentId' AS id FROM "courses"."exercise_submissions" s
     JOIN "courses"."lessons" l ON l.id = s.lesson_id JOIN "courses"."modules" m ON m.id = l.module_id
     CROSS JOIN LATERAL jsonb_array_elements(s.attachments) a
     WHERE ${condition}`,
    [id],
  );
  return { videoKeys: await uploadedVideoKeysOf(manager, scope), attachmentIds: attachments.map((row) => row.id) };
}

/**
 * Deletes what deleted lessons let go of, once their deletion committed (a rolled-back change never
 * loses a file). Videos are shared by content and go only when no lesson shows them; an exercise
 * attachment belongs to one submission (its id is random), so it goes with it.
 */
@Injectable()
export class ReleasedLessonFilesCleanup {
  constructor(
    private readonly unusedVideos: UnusedLessonVideos,
    private readonly attachments: ExerciseAttachmentStore,
  ) {}

  async deleteReleased(files: ReleasedLessonFiles): Promise<void> {
    await this.unusedVideos.deleteUnlessShown(files.videoKeys);
    // The store only logs a failed delete: the deletion that let go of the file has committed and stays.
    for (const attachmentId of new Set(files.attachmentIds)) await this.attachments.delete(attachmentId);
  }
}
