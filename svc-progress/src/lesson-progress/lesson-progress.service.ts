import {
  CourseProgress,
  type CourseStructureChangedEvent,
  GetCourseProgressRequest,
  LessonProgressReportedEvent,
  type ReportedCourse,
  type CourseLevel,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ActivitiesService, NewActivity } from '../activities/activities.service';
import { LearnerCourse } from '../learner-courses/entities/learner-course.entity';
import { LearnerSkillsService } from '../learner-skills/learner-skills.service';
import { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';
import { skillKey } from '../learning-paths/planning/skill-gaps';
import { AppliedReport } from '../lesson-events/entities/applied-report.entity';
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
  INSERT INTO "progress"."lesson_events" ("user_id", "course_id", "lesson_id", "kind", "seconds_spent", "occurred_at")
  SELECT $1, $2, $3, recorded.kind, recorded.seconds_spent, $6
  FROM unnest($4::"progress"."lesson_event_kind"[], $5::integer[]) AS recorded (kind, seconds_spent)
  ON CONFLICT ("user_id", "lesson_id", "kind")
  DO UPDATE SET "seconds_spent" = lesson_events."seconds_spent" + EXCLUDED."seconds_spent"`;

/**
 * Keeps what the report says of the course. The row lock this upsert takes orders concurrent
 * reports on one learner's course, so the completion check below always sees the lessons before.
 */
const UPSERT_LEARNER_COURSE_SQL = `
  INSERT INTO "progress"."learner_courses"
    ("user_id", "course_id", "title", "title_ar", "description", "duration", "level", "skills", "lesson_ids", "started_at")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
  ON CONFLICT ("user_id", "course_id") DO UPDATE SET
    "title" = EXCLUDED."title", "title_ar" = EXCLUDED."title_ar", "description" = EXCLUDED."description",
    "duration" = EXCLUDED."duration", "level" = EXCLUDED."level", "skills" = EXCLUDED."skills",
    "lesson_ids" = EXCLUDED."lesson_ids",
    "started_at" = LEAST(learner_courses."started_at", EXCLUDED."started_at"),
    "updated_at" = now()
  RETURNING "completed_at"`;

/** Every learner who opened the course gets its lessons as they are now (the row lock orders this with their reports). */
const SET_COURSE_LESSONS_SQL = `
  UPDATE "progress"."learner_courses" SET "lesson_ids" = $2, "updated_at" = now()
  WHERE "course_id" = $1
  RETURNING "user_id", "title", "title_ar", "level", "skills", "completed_at"`;

/** What completing a course needs to know of it. */
type CompletedCourse = Pick<LessonProgressReportedEvent, 'userId' | 'courseId'> & { course: Pick<ReportedCourse, 'skills' | 'level'> };

/** Completed lessons that are still lessons of the course. */
const COUNT_COMPLETED_LESSONS_SQL = `
  SELECT count(*)::int AS "completed" FROM "progress"."lesson_events"
  WHERE "user_id" = $1 AND "course_id" = $2 AND "kind" = 'completed' AND "lesson_id" = ANY($3::uuid[])`;

@Injectable()
export class LessonProgressService {
  constructor(
    @InjectRepository(LessonEvent) private readonly events: Repository<LessonEvent>,
    private readonly learnerSkills: LearnerSkillsService,
    private readonly activities: ActivitiesService,
  ) {}

  /**
   * Applies a lesson report once (by its id), whether it comes from the gateway's request or from
   * the events stream, and answers the learner's progress in the course. Completing a course's last
   * lesson completes the course: its skills rise, and the achievements it earns are recorded.
   */
  async record(report: LessonProgressReportedEvent): Promise<CourseProgress> {
    return this.events.manager.transaction(async (manager) => {
      const firstTime = await manager
        .createQueryBuilder()
        .insert()
        .into(AppliedReport)
        .values({ reportId: report.reportId })
        .orIgnore()
        .returning('report_id')
        .execute();
      if (firstTime.raw.length > 0) await this.apply(manager, report);
      return readCourseProgress(manager.getRepository(LessonEvent), report);
    });
  }

  /**
   * The course's lessons changed (svc-courses): each learner's course now counts the lessons it has.
   * One whose every remaining lesson is complete completes the course (the lesson they had left was
   * deleted); a completed course that gained a lesson is in progress again, its achievements kept.
   */
  async courseLessonsChanged({ courseId, lessonIds, occurredAt }: CourseStructureChangedEvent): Promise<void> {
    await this.events.manager.transaction(async (manager) => {
      const learners = (await manager.query(SET_COURSE_LESSONS_SQL, [courseId, lessonIds])) as [
        { user_id: string; title: string; title_ar: string | null; level: string | null; skills: string[]; completed_at: Date | null }[],
        number,
      ];
      for (const learner of learners[0]) {
        const [{ completed }] = (await manager.query(COUNT_COMPLETED_LESSONS_SQL, [learner.user_id, courseId, lessonIds])) as { completed: number }[];
        const allDone = completed >= lessonIds.length;
        if (learner.completed_at !== null && !allDone) {
          await manager.update(LearnerCourse, { userId: learner.user_id, courseId }, { completedAt: null });
        } else if (learner.completed_at === null && allDone) {
          await this.completeCourse(
            manager,
            { userId: learner.user_id, courseId, course: { skills: learner.skills, level: learner.level as CourseLevel | null } },
            new Date(occurredAt),
            { title: learner.title, titleAr: learner.title_ar, courseId },
          );
        }
      }
    });
  }

  /** The learner's progress in the course; empty (not an error) for a course they never opened. */
  get(userId: string, request: GetCourseProgressRequest): Promise<CourseProgress> {
    return readCourseProgress(this.events, { ...request, userId });
  }

  private async apply(manager: EntityManager, report: LessonProgressReportedEvent): Promise<void> {
    const { userId, courseId, lessonId, course } = report;
    const occurredAt = new Date(report.occurredAt);
    const [{ completed_at: completedBefore }] = (await manager.query(UPSERT_LEARNER_COURSE_SQL, [
      userId,
      courseId,
      course.title,
      course.titleAr,
      course.description,
      course.duration,
      course.level,
      course.skills,
      course.lessonIds,
      occurredAt,
    ])) as { completed_at: Date | null }[];
    const recorded = lessonEventsToRecord(report);
    await manager.query(UPSERT_LESSON_EVENTS_SQL, [
      userId,
      courseId,
      lessonId,
      recorded.map((event) => event.kind),
      recorded.map((event) => event.secondsSpent),
      occurredAt,
    ]);
    if (report.status !== 'completed') return;

    const courseTitles = { title: course.title, titleAr: course.titleAr, courseId };
    await this.activities.record(manager, {
      eventKey: `lesson-completed:${userId}:${lessonId}`,
      kind: 'lesson-completed',
      userId,
      occurredAt,
      ...courseTitles,
    });
    if (completedBefore !== null) return;
    const [{ completed }] = (await manager.query(COUNT_COMPLETED_LESSONS_SQL, [userId, courseId, course.lessonIds])) as {
      completed: number;
    }[];
    if (completed < course.lessonIds.length) return;
    await this.completeCourse(manager, report, occurredAt, courseTitles);
  }

  private async completeCourse(
    manager: EntityManager,
    { userId, courseId, course }: CompletedCourse,
    occurredAt: Date,
    courseTitles: Pick<NewActivity, 'title' | 'titleAr' | 'courseId'>,
  ): Promise<void> {
    await manager.update(LearnerCourse, { userId, courseId }, { completedAt: occurredAt });
    const raised = await this.learnerSkills.raiseFromCourse(manager, userId, course.skills, course.level as CourseLevel | null);
    const milestones = await milestonesMet(manager, userId, courseId);
    await this.activities.record(
      manager,
      { eventKey: `course-completed:${userId}:${courseId}`, kind: 'course-completed', userId, occurredAt, ...courseTitles },
      ...raised.map(({ skill, level }) => ({
        eventKey: `skill-level-reached:${userId}:${skillKey(skill)}:${level}`,
        kind: 'skill-level-reached' as const,
        userId,
        occurredAt,
        ...courseTitles,
        skill,
        level,
      })),
      ...milestones.map(({ path, quarter }) => ({
        eventKey: `milestone-met:${path.id}:${quarter}`,
        kind: 'milestone-met' as const,
        userId,
        occurredAt,
        learningPathId: path.id,
        title: path.jobTitle,
        quarter,
      })),
    );
  }
}

/**
 * The quarterly milestones of the learner's paths that completing `courseId` meets: those that
 * plan it and whose every other course is complete too.
 */
async function milestonesMet(
  manager: EntityManager,
  userId: string,
  courseId: string,
): Promise<{ path: LearningPathRecord; quarter: number }[]> {
  const paths = await manager.getRepository(LearningPathRecord).find({ where: { userId } });
  const completedRows = await manager.getRepository(LearnerCourse).find({ select: { courseId: true, completedAt: true }, where: { userId } });
  const completed = new Set(completedRows.filter((row) => row.completedAt !== null).map((row) => row.courseId));
  completed.add(courseId);
  return paths.flatMap((path) =>
    path.milestones
      .filter((milestone) => milestone.courseIds.includes(courseId) && milestone.courseIds.every((id) => completed.has(id)))
      .map((milestone) => ({ path, quarter: milestone.quarter })),
  );
}

async function readCourseProgress(
  events: Repository<LessonEvent>,
  { userId, courseId }: GetCourseProgressRequest & { userId: string },
): Promise<CourseProgress> {
  const rows = await events.find({
    select: { lessonId: true, kind: true, secondsSpent: true, occurredAt: true },
    where: { userId, courseId },
  });
  return toCourseProgress(courseId, rows);
}

/** A lesson completed was begun: completing it also records `started` (with no time) when missing. */
export function lessonEventsToRecord(request: Pick<LessonProgressReportedEvent, 'status' | 'secondsSpent'>): LessonEventToRecord[] {
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
