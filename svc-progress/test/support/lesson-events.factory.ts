import { Client } from 'pg';

export interface LessonEventFields {
  userId: string;
  courseId: string;
  lessonId: string;
  kind: 'started' | 'completed';
  /** Defaults to now; set it to give progress a known most-recent-first order. */
  occurredAt?: Date;
  secondsSpent?: number;
}

/** Inserts one lesson event straight into svc-progress' table (no upsert: a duplicate fails). */
export async function insertLessonEvent(sql: Pick<Client, 'query'>, fields: LessonEventFields): Promise<void> {
  await sql.query(
    `INSERT INTO progress.lesson_events (user_id, course_id, lesson_id, kind, occurred_at, seconds_spent)
     VALUES ($1, $2, $3, $4, COALESCE($5::timestamptz, now()), $6)`,
    [fields.userId, fields.courseId, fields.lessonId, fields.kind, fields.occurredAt ?? null, fields.secondsSpent ?? 0],
  );
}
