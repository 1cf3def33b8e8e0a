import { EVENT_SUBJECTS, type CourseStructureChangedEvent } from '@masar/contracts';
import { EventsPublisher } from '@masar/contracts/service-kit';
import { randomUUID } from 'node:crypto';
import { Logger } from 'pino';
import { EntityManager } from 'typeorm';

/** Every lesson id of the course, in course order. */
export async function courseLessonIds(manager: EntityManager, courseId: string): Promise<string[]> {
  const rows = await manager.query<Array<{ id: string }>>(
    `SELECT l.id FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
     WHERE m.course_id = $1 ORDER BY m.position, l.position`,
    [courseId],
  );
  return rows.map((row) => row.id);
}

/**
 * Tells svc-progress the course's lessons now, so each learner's percentage counts the lessons that
 * exist. Called while the course row is locked, so two changes reach the stream in the order they
 * were made; a stream that is away is logged and costs svc-progress the news until the learner's next
 * lesson report (which carries the lessons too), never the admin their edit.
 */
export async function publishStructureChanged(
  manager: EntityManager,
  events: EventsPublisher,
  logger: Logger,
  courseId: string,
  changedBy: string | null,
  at: Date,
): Promise<void> {
  const lessonIds = await courseLessonIds(manager, courseId);
  if (lessonIds.length === 0) return;
  const event: CourseStructureChangedEvent = { courseId, lessonIds, changedBy, occurredAt: at.toISOString() };
  await events
    .publish(EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, event, `${courseId}:${randomUUID()}`)
    .catch((error: unknown) => logger.warn({ err: error, courseId }, 'course structure-changed event not published'));
}
