import { CourseProgress, GetCourseProgressRequest, RecordLessonProgressRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { LessonEvent, LessonEventKind } from '../lesson-events/entities/lesson-event.entity';

/** What one report writes: an event of this kind, adding these seconds to it. */
interface LessonEventToRecord {
  kind: LessonEventKind;
  secondsSpent: number;
}

/** The columns a course's progress is made of. */
export type RecordedLessonEvent = Pick<LessonEvent, 'lessonId' | 'kind' | 'secondsSpent' | 'occurredAt'>;

/**
 * Inserts each (kind, seconds) for the learner's lesson, or adds the seconds to the event already
 * recorded: completing twice counts once, the first occurred_at stays, and the time adds up. The
 * unique index lesson_events_user_lesson_kind_key is the conflict target.
 */
const UPSERT_LESSON_EVENTS_SQL = `
  INSERT INTO "progress"."lesson_events" ("user_id", "course_id", "lesson_id", "kind", "seconds_spent")
  SELECT $1, $2, $3, recorded.kind, recorded.seconds_spent
  FROM unnest($4::"progress"."lesson_event_kind"[], $5::integer[]) AS recorded (kind, seconds_spent)
  ON CONFLICT ("user_id", "lesson_id", "kind")
  DO UPDATE SET "seconds_spent" = lesson_events."seconds_spent" + EXCLUDED."seconds_spent"`;

@Injectable()
export class LessonProgressService {
  constructor(
    @InjectRepository(LessonEvent) private readonly events: Repository<LessonEvent>,
  ) {}

  /** Records that the learner started or completed the lesson and answers their progress in its course. */
  async record(request: RecordLessonProgressRequest): Promise<CourseProgress> {
    const recorded = lessonEventsToRecord(request);
    // One transaction, so the progress answered includes this report and nothing half-written.
    return this.events.manager.transaction(async (manager) => {
      await manager.query(UPSERT_LESSON_EVENTS_SQL, [
        request.userId,
        request.courseId,
        request.lessonId,
        recorded.map((event) => event.kind),
        recorded.map((event) => event.secondsSpent),
      ]);
      return readCourseProgress(manager.getRepository(LessonEvent), request);
    });
  }

  /** The learner's progress in the course; empty (not an error) for a course they never opened. */
  get(request: GetCourseProgressRequest): Promise<CourseProgress> {
    return readCourseProgress(this.events, request);
  }
}

async function readCourseProgress(
  events: Repository<LessonEvent>,
  { userId, courseId }: GetCourseProgressRequest,
): Promise<CourseProgress> {
  const rows = await events.find({
    select: { lessonId: true, kind: true, secondsSpent: true, occurredAt: true },
    where: { userId, courseId },
  });
  return toCourseProgress(courseId, rows);
}

/** A lesson completed was begun: completing it also records `started` (with no time) when missing. */
export function lessonEventsToRecord(request: Pick<RecordLessonProgressRequest, 'status' | 'secondsSpent'>): LessonEventToRecord[] {
  const reported: LessonEventToRecord = { kind: request.status, secondsSpent: request.secondsSpent };
  return request.status === 'completed' ? [reported, { kind: 'started', secondsSpent: 0 }] : [reported];
}

/**
 * Folds a learner's events in one course into their progress: completed lessons and those only
 * started, each most recent first (lesson id breaking a tie, so the order has one answer), the
 * seconds of every event, and the time of the latest one.
 */
export function toCourseProgress(courseId: string, events: readonly RecordedLessonEvent[]): CourseProgress {
  const mostRecentFirst = [...events].sort(
    (a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || compareDescending(a.lessonId, b.lessonId),
  );
  const completedLessonIds = mostRecentFirst.filter((event) => event.kind === 'completed').map((event) => event.lessonId);
  const completed = new Set(completedLessonIds);
  const startedLessonIds = mostRecentFirst
    .filter((event) => event.kind === 'started' && !completed.has(event.lessonId))
    .map((event) => event.lessonId);
  return {
    courseId,
    completedLessonIds,
    startedLessonIds,
    secondsSpent: events.reduce((total, event) => total + event.secondsSpent, 0),
    lastActivityAt: mostRecentFirst[0]?.occurredAt.toISOString() ?? null,
  };
}

/** Plain code-unit order, not the locale's: the same on every machine. */
function compareDescending(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}
