import { EVENT_SUBJECTS, LTI_GRADES_SUBJECTS, type LessonProgressReportedEvent } from '@masar/contracts';
import { EventsStreamPublisher } from '@masar/contracts/events-stream';
import { connectToNatsAs, createFreshDatabase, type FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { eventually } from './support/eventually';
import { lessonReport, reportedCourse } from './support/lesson-report.factory';
import { LoopbackLms } from './support/loopback-lms';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const TOOL_PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A report that completes a one-lesson course. */
function completingReport(userId: string, courseId: string): LessonProgressReportedEvent {
  const lessonId = randomUUID();
  return lessonReport({ userId, courseId, lessonId, status: 'completed', course: reportedCourse([lessonId]) }) as LessonProgressReportedEvent;
}

describe('LTI grade passback (real NATS, Postgres and a loopback LMS)', () => {
  const lms = new LoopbackLms(TOOL_PRIVATE_KEY, 'masar-tool');
  const publisher = new EventsStreamPublisher();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let gateway: NatsConnection;

  beforeAll(async () => {
    database = await createFreshDatabase('progress_lti');
    await lms.start();
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent', LTI_TOOL_PRIVATE_KEY: TOOL_PRIVATE_KEY.replace(/\n/g, '\\n'), LTI_SCORE_RETRY_DELAY_MS: '200' });
    gateway = await connectToNatsAs('gateway');
  }, 60_000);

  afterAll(async () => {
    await gateway?.drain();
    await app?.close();
    await lms.stop();
    await database?.drop();
  });

  const remember = (userId: string, courseId: string, lineItem: string, fields: Record<string, unknown> = {}) =>
    requestOverNats(gateway, LTI_GRADES_SUBJECTS.REMEMBER_LINE_ITEM, {
      userId,
      courseId,
      lineItemUrl: lms.lineItemUrl(lineItem),
      platformUserId: `lms-${userId.slice(0, 8)}`,
      issuer: lms.origin,
      clientId: lms.clientId,
      tokenUrl: lms.tokenUrl,
      ...fields,
    });

  it('posts the full score to the launch’s line item when the learner completes the course, with a token from the LMS', async () => {
    const userId = randomUUID();
    const courseId = randomUUID();
    expect(await remember(userId, courseId, 'item-1')).toEqual({ response: { remembered: true } });
    // Another learner's line item for the same course gets nothing from this completion.
    await remember(randomUUID(), courseId, 'item-other');

    const report = completingReport(userId, courseId);
    await publisher.publish(gateway, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, report, report.reportId);
    await eventually(async () => expect(lms.scores.filter((score) => score.lineItem === lms.lineItemUrl('item-1'))).toHaveLength(1));
    expect(lms.scores.find((score) => score.lineItem === lms.lineItemUrl('item-1'))!.body).toEqual({
      userId: `lms-${userId.slice(0, 8)}`,
      scoreGiven: 100,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: expect.any(String),
    });
    // When Masar changed the score (posted), not when the lesson was done: an LMS keeps the newest.
    const posted = lms.scores.find((score) => score.lineItem === lms.lineItemUrl('item-1'))!.body.timestamp as string;
    expect(Date.parse(posted)).toBeGreaterThanOrEqual(Date.parse(report.occurredAt));
    expect(lms.scores.some((score) => score.lineItem === lms.lineItemUrl('item-other'))).toBe(false);
    expect(lms.refusals).toEqual([]);

    // Marked posted just after the LMS answered.
    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    try {
      await eventually(async () => {
        const rows = await pg.query('SELECT score_posted_at, pending_score FROM progress.lti_line_items WHERE user_id = $1', [userId]);
        expect(rows.rows).toEqual([{ score_posted_at: expect.any(Date), pending_score: null }]);
      });
    } finally {
      await pg.end();
    }
  });

  it('posts the grade so far for each passed quiz, pending, and the mean of the best passes as the final grade on completion', async () => {
    const userId = randomUUID();
    const courseId = randomUUID();
    const [firstQuiz, secondQuiz, lastLesson] = [randomUUID(), randomUUID(), randomUUID()];
    await remember(userId, courseId, 'item-quizzes');
    const scoresOfItem = () => lms.scores.filter((score) => score.lineItem === lms.lineItemUrl('item-quizzes')).map((score) => score.body);
    const courses = await connectToNatsAs('courses');
    const graded = (lessonId: string, score: number, passed: boolean) => {
      const attemptId = randomUUID();
      return publisher.publish(courses, EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED, {
        attemptId,
        userId,
        lessonId,
        courseId,
        course: { title: 'SQL Basics', titleAr: null },
        correctCount: Math.round(score / 10),
        questionCount: 10,
        score,
        passed,
        occurredAt: new Date().toISOString(),
      }, attemptId);
    };
    try {
      await graded(firstQuiz, 70, true);
      await eventually(async () => expect(scoresOfItem()).toHaveLength(1));
      expect(scoresOfItem()[0]).toMatchObject({ scoreGiven: 70, scoreMaximum: 100, activityProgress: 'InProgress', gradingProgress: 'Pending' });

      // A failed attempt posts nothing; a lower pass keeps the best; a second quiz makes the mean.
      await graded(secondQuiz, 40, false);
      await graded(firstQuiz, 60, true);
      await graded(secondQuiz, 95, true);
      await eventually(async () => expect(scoresOfItem()).toHaveLength(3));
      expect(scoresOfItem().map((score) => score.scoreGiven)).toEqual([70, 70, 82.5]);
    } finally {
      await courses.drain();
    }

    const report = lessonReport({ userId, courseId, lessonId: lastLesson, status: 'completed', course: reportedCourse([lastLesson]) }) as LessonProgressReportedEvent;
    await publisher.publish(gateway, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, report, report.reportId);
    await eventually(async () => expect(scoresOfItem()).toHaveLength(4));
    expect(scoresOfItem()[3]).toMatchObject({ scoreGiven: 82.5, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    expect(lms.refusals).toEqual([]);
  });

  it('retries while the LMS is down and posts the score once it is back', async () => {
    const userId = randomUUID();
    const courseId = randomUUID();
    await remember(userId, courseId, 'item-retry');
    lms.unavailableScores = 2;
    const report = completingReport(userId, courseId);
    await publisher.publish(gateway, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, report, report.reportId);
    await eventually(async () => expect(lms.scores.filter((score) => score.lineItem === lms.lineItemUrl('item-retry'))).toHaveLength(1), 20_000);
    expect(lms.unavailableScores).toBe(0);
  }, 30_000);

  it('holds back only the grades of an LMS that stays down: the events go on, other line items get theirs, and the latest score waiting goes once it is back', async () => {
    const [stuck, flowing] = [randomUUID(), randomUUID()];
    const courseId = randomUUID();
    await remember(stuck, courseId, 'item-down');
    await remember(flowing, courseId, 'item-up');
    lms.downLineItems.add('item-down');
    const stuckReport = completingReport(stuck, courseId);
    await publisher.publish(gateway, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, stuckReport, stuckReport.reportId);
    // Published after the stuck one, on the same stream and consumer: it is not held behind it.
    const flowingReport = completingReport(flowing, courseId);
    await publisher.publish(gateway, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, flowingReport, flowingReport.reportId);
    await eventually(async () => expect(lms.scores.filter((score) => score.lineItem === lms.lineItemUrl('item-up'))).toHaveLength(1));
    await eventually(async () => expect(lms.unavailableAnswers.get(lms.lineItemUrl('item-down'))).toBeGreaterThanOrEqual(3));

    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    try {
      // Each refusal is counted just after the LMS answers.
      await eventually(async () => {
        const waiting = await pg.query('SELECT pending_score, post_attempts FROM progress.lti_line_items WHERE user_id = $1', [stuck]);
        expect(waiting.rows[0].pending_score).toEqual({ scoreGiven: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
        expect(waiting.rows[0].post_attempts).toBeGreaterThanOrEqual(3);
      });
      expect(lms.scores.some((score) => score.lineItem === lms.lineItemUrl('item-down'))).toBe(false);

      lms.downLineItems.delete('item-down');
      await eventually(async () => expect(lms.scores.filter((score) => score.lineItem === lms.lineItemUrl('item-down'))).toHaveLength(1), 20_000);
      await eventually(async () => {
        const taken = await pg.query('SELECT pending_score, post_attempts, next_post_at, score_posted_at FROM progress.lti_line_items WHERE user_id = $1', [stuck]);
        expect(taken.rows[0]).toMatchObject({ pending_score: null, post_attempts: 0, next_post_at: null, score_posted_at: expect.any(Date) });
      });
    } finally {
      await pg.end();
    }
  }, 40_000);

  it('refuses a line item that is not an http(s) URL, or a user id that is not one, with 400', async () => {
    const bad = await remember(randomUUID(), randomUUID(), 'x', { lineItemUrl: 'javascript:alert(1)' });
    expect(bad).toMatchObject({ err: { statusCode: 400 } });
    expect(await remember('not-a-user', randomUUID(), 'x')).toMatchObject({ err: { statusCode: 400 } });
  });
});
