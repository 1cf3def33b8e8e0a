import { CourseProgress, courseProgressSchema, errorReplySchema, PROGRESS_SUBJECTS } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { lessonReport } from './support/lesson-report.factory';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** A learner and a course of their own for each test, so no test sees another's events. */
function learnerInCourse() {
  return { userId: randomUUID(), courseId: randomUUID() };
}

describe('lesson progress on real NATS and Postgres', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('progress_lessons');
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await database?.drop();
  });

  async function record(request: Record<string, unknown>): Promise<CourseProgress> {
    const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS, lessonReport(request));
    return courseProgressSchema.parse(reply.response);
  }

  async function progressOf(learner: { userId: string; courseId: string }): Promise<CourseProgress> {
    const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_COURSE_PROGRESS, { courseId: learner.courseId }, undefined, {
      id: learner.userId,
      role: 'learner',
    });
    return courseProgressSchema.parse(reply.response);
  }

  async function eventsOf(userId: string) {
    const rows = await sql.query<{ lesson_id: string; kind: string; seconds_spent: number; occurred_at: Date }>(
      `SELECT lesson_id, kind, seconds_spent, occurred_at FROM progress.lesson_events WHERE user_id = $1 ORDER BY lesson_id, kind`,
      [userId],
    );
    return rows.rows;
  }

  it('counts a lesson completed twice once, adds up its time and keeps when it was first completed', async () => {
    const learner = learnerInCourse();
    const lessonId = randomUUID();

    const first = await record({ ...learner, lessonId, status: 'completed', secondsSpent: 120 });
    const [firstCompletion] = (await eventsOf(learner.userId)).filter((event) => event.kind === 'completed');
    const again = await record({ ...learner, lessonId, status: 'completed', secondsSpent: 60 });

    expect(again).toEqual({
      courseId: learner.courseId,
      completedLessonIds: [lessonId],
      startedLessonIds: [],
      secondsSpent: 180,
      lastActivityAt: first.lastActivityAt,
    });
    const events = await eventsOf(learner.userId);
    expect(events.map((event) => [event.kind, event.seconds_spent])).toEqual([
      ['started', 0],
      ['completed', 180],
    ]);
    expect(events[1].occurred_at).toEqual(firstCompletion.occurred_at);
    expect(await progressOf(learner)).toEqual(again);
  });

  it('moves a started lesson to the completed ones when it is completed, and keeps it there when reopened', async () => {
    const learner = learnerInCourse();
    const lessonId = randomUUID();

    const started = await record({ ...learner, lessonId, status: 'started' });
    expect(started).toMatchObject({ completedLessonIds: [], startedLessonIds: [lessonId] });

    const completed = await record({ ...learner, lessonId, status: 'completed' });
    expect(completed).toMatchObject({ completedLessonIds: [lessonId], startedLessonIds: [] });

    const reopened = await record({ ...learner, lessonId, status: 'started', secondsSpent: 30 });
    expect(reopened).toMatchObject({ completedLessonIds: [lessonId], startedLessonIds: [], secondsSpent: 30 });
  });

  it('records a lesson completed without being started as started too', async () => {
    const learner = learnerInCourse();
    const lessonId = randomUUID();

    const progress = await record({ ...learner, lessonId, status: 'completed', secondsSpent: 300 });

    expect(progress).toMatchObject({ completedLessonIds: [lessonId], startedLessonIds: [], secondsSpent: 300 });
    const events = await eventsOf(learner.userId);
    expect(events.map((event) => [event.lesson_id, event.kind, event.seconds_spent])).toEqual([
      [lessonId, 'started', 0],
      [lessonId, 'completed', 300],
    ]);
  });

  it('adds up the time reported on every lesson of the course and lists lessons most recent first', async () => {
    const learner = learnerInCourse();
    const [first, second, third, fourth] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

    await record({ ...learner, lessonId: first, status: 'started', secondsSpent: 45 });
    await record({ ...learner, lessonId: first, status: 'completed', secondsSpent: 600 });
    await record({ ...learner, lessonId: second, status: 'completed', secondsSpent: 420 });
    await record({ ...learner, lessonId: third, status: 'started', secondsSpent: 15 });
    const latest = await record({ ...learner, lessonId: fourth, status: 'started' });

    expect(latest).toEqual({
      courseId: learner.courseId,
      completedLessonIds: [second, first],
      startedLessonIds: [fourth, third],
      secondsSpent: 1080,
      lastActivityAt: expect.any(String),
    });
    const lastActivity = Date.parse(latest.lastActivityAt ?? '');
    expect(new Date(lastActivity).toISOString()).toBe(latest.lastActivityAt);
    expect(Date.now() - lastActivity).toBeLessThan(60_000);
    expect(await progressOf(learner)).toEqual(latest);
  });

  it('counts a completion reported many times at once only once, with all of its time', async () => {
    const learner = learnerInCourse();
    const lessonId = randomUUID();

    await Promise.all(
      Array.from({ length: 8 }, () => record({ ...learner, lessonId, status: 'completed', secondsSpent: 10 })),
    );

    expect(await progressOf(learner)).toMatchObject({ completedLessonIds: [lessonId], startedLessonIds: [], secondsSpent: 80 });
    expect((await eventsOf(learner.userId)).map((event) => event.kind)).toEqual(['started', 'completed']);
  });

  it('never mixes in another learner’s events or the learner’s events in another course', async () => {
    const learner = learnerInCourse();
    const classmate = { userId: randomUUID(), courseId: learner.courseId };
    const otherCourse = { userId: learner.userId, courseId: randomUUID() };
    const lessonId = randomUUID();
    // The classmate finished the very lesson the learner only opened.
    await record({ ...classmate, lessonId, status: 'completed', secondsSpent: 900 });
    await record({ ...otherCourse, lessonId: randomUUID(), status: 'completed', secondsSpent: 700 });

    const progress = await record({ ...learner, lessonId, status: 'started', secondsSpent: 20 });

    expect(progress).toEqual({
      courseId: learner.courseId,
      completedLessonIds: [],
      startedLessonIds: [lessonId],
      secondsSpent: 20,
      lastActivityAt: expect.any(String),
    });
    expect(await progressOf(classmate)).toMatchObject({ completedLessonIds: [lessonId], secondsSpent: 900 });
    expect(await progressOf(otherCourse)).toMatchObject({ startedLessonIds: [], secondsSpent: 700 });
  });

  it('answers an empty progress, not an error, for a course the learner never opened', async () => {
    const learner = learnerInCourse();
    const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_COURSE_PROGRESS, { courseId: learner.courseId }, undefined, {
      id: learner.userId,
      role: 'learner',
    });
    expect(reply).toEqual({
      response: {
        courseId: learner.courseId,
        completedLessonIds: [],
        startedLessonIds: [],
        secondsSpent: 0,
        lastActivityAt: null,
      },
    });
  });

  describe('refusing a bad payload with a 400 naming the field, writing nothing', () => {
    const learner = learnerInCourse();
    const valid = { ...learner, lessonId: randomUUID(), status: 'completed', secondsSpent: 60 };

    it.each([
      ['a lesson id that is not one', { ...valid, lessonId: 'lesson-1' }, 'lessonId: Invalid lesson id'],
      ['an unknown status', { ...valid, status: 'skipped' }, 'status: status must be started or completed'],
      ['negative seconds', { ...valid, secondsSpent: -5 }, 'secondsSpent: secondsSpent cannot be negative'],
      ['seconds beyond one report', { ...valid, secondsSpent: 4 * 60 * 60 + 1 }, 'secondsSpent: secondsSpent can be at most 14400'],
      ['fractional seconds', { ...valid, secondsSpent: 1.5 }, 'secondsSpent: secondsSpent must be a whole number of seconds'],
    ])('records nothing for %s', async (_case, request, message) => {
      const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS, lessonReport(request));
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message });
      expect(await eventsOf(learner.userId)).toEqual([]);
    });

    it('records nothing for a course id that is not one', async () => {
      const reply = await requestOverNats(
        nats,
        PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS,
        lessonReport({ ...valid, courseId: 'course-1' }),
      );
      // The contract's message itself begins "courseId: ", so the field may be named twice.
      expect(errorReplySchema.parse(reply.err)).toEqual({
        statusCode: 400,
        message: expect.stringMatching(/^courseId: (courseId: )?Invalid course id$/),
      });
      expect(await eventsOf(learner.userId)).toEqual([]);
    });

    it('records nothing without a learner', async () => {
      const { userId: _userId, ...withoutUser } = valid;
      const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS, lessonReport(withoutUser));
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message: expect.stringMatching(/^userId: /) });
    });

    it('answers no progress for a course id that is not one', async () => {
      const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_COURSE_PROGRESS, { courseId: 'course-1' }, undefined, {
        id: learner.userId,
        role: 'learner',
      });
      expect(reply.err).toEqual({ statusCode: 400, message: 'courseId: Invalid course id' });
    });
  });
});
