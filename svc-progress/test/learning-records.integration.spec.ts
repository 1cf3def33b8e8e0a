import { EVENT_SUBJECTS, IDENTITY_SUBJECTS, PROGRESS_QUEUES, PROGRESS_SUBJECTS, userReplySchema, type LessonProgressReportedEvent } from '@masar/contracts';
import { EventsStreamPublisher } from '@masar/contracts/events-stream';
import { connectToNatsAs, createFreshDatabase, type FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import Bull from 'bull';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { startBuiltService, type BuiltServiceProcess } from '../../deploy/local/service-process';
import { LearningRecordsConsumer } from '../src/learning-records/learning-records.consumer';
import { statementIdOf } from '../src/learning-records/statement-id';
import { bootstrap, queuePrefixOf } from '../src/main';
import { eventually } from './support/eventually';
import { LoopbackLrs } from './support/loopback-lrs';
import { lessonReport, reportedCourse } from './support/lesson-report.factory';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BASE = 'https://masar.example.com';

/** A learner's report that completes a one-lesson course teaching SQL. */
function completingReport(userId: string): LessonProgressReportedEvent {
  const lessonId = randomUUID();
  return lessonReport({
    userId,
    courseId: randomUUID(),
    lessonId,
    status: 'completed',
    secondsSpent: 240,
    course: reportedCourse([lessonId], { title: 'SQL Basics', titleAr: 'أساسيات SQL', skills: ['SQL'], level: 'beginner' }),
  }) as LessonProgressReportedEvent;
}

describe('learning records sent to an LRS (real NATS, Redis, Postgres and svc-identity)', () => {
  const lrs = new LoopbackLrs('masar-lrs', 's3cret');
  const publisher = new EventsStreamPublisher();
  let database: FreshDatabase;
  let identity: BuiltServiceProcess;
  let app: INestMicroservice;
  let gateway: NatsConnection;
  let learner: { id: string; email: string };

  beforeAll(async () => {
    database = await createFreshDatabase('progress_xapi');
    const endpoint = await lrs.start();
    identity = await startBuiltService('svc-identity', { NATS_URL, DATABASE_URL: database.url });
    app = await bootstrap({
      NATS_URL,
      DATABASE_URL: database.url,
      REDIS_URL,
      LOG_LEVEL: process.env.XAPI_TEST_LOG ?? 'silent',
      XAPI_LRS_ENDPOINT: endpoint,
      XAPI_LRS_USERNAME: 'masar-lrs',
      XAPI_LRS_PASSWORD: 's3cret',
      XAPI_ACTIVITY_BASE_IRI: BASE,
      XAPI_RETRY_DELAY_MS: '200',
    });
    gateway = await connectToNatsAs('gateway');
    const demo = userReplySchema.parse((await requestOverNats(gateway, IDENTITY_SUBJECTS.GET_DEMO_USER, {})).response).user;
    learner = { id: demo.id, email: demo.email };
  }, 60_000);

  afterAll(async () => {
    await gateway?.drain();
    await app?.close();
    await identity?.stop();
    await lrs.stop();
    await database?.drop();
  });

  const publish = (report: LessonProgressReportedEvent, key = report.reportId) =>
    publisher.publish(gateway, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, report, key);

  it('sends a completed lesson, its course and the skill level it raised, each exactly once, by the learner’s email', async () => {
    const report = completingReport(learner.id);
    await publish(report);
    const ids = {
      started: statementIdOf(`lesson-started:${learner.id}:${report.lessonId}`),
      completed: statementIdOf(`lesson-completed:${learner.id}:${report.lessonId}`),
      course: statementIdOf(`course-completed:${learner.id}:${report.courseId}`),
      // Each statement is its own job, so the skill level (queued last) may arrive after the course.
      skill: statementIdOf(`skill-level-reached:${learner.id}:sql:basic`),
    };
    await eventually(async () => expect([...lrs.statements.keys()]).toEqual(expect.arrayContaining(Object.values(ids))));
    const completed = lrs.statements.get(ids.completed);
    expect(completed).toMatchObject({
      actor: { mbox: `mailto:${learner.email}` },
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { id: `${BASE}/lessons/${report.lessonId}` },
      result: { completion: true, duration: 'PT240S' },
    });
    expect(lrs.statements.get(ids.course)).toMatchObject({ object: { id: `${BASE}/courses/${report.courseId}` } });
    const skillStatements = [...lrs.statements.values()].filter((statement) => (statement.verb as { id: string }).id === `${BASE}/xapi/verbs/reached-skill-level`);
    expect(skillStatements).toEqual([expect.objectContaining({ object: expect.objectContaining({ id: `${BASE}/skills/sql` }) })]);
    // Every request carried the version header and the credentials, and each statement was sent once.
    for (const id of Object.values(ids)) expect(lrs.answersFor(id)).toEqual([204]);
    expect(lrs.requests.filter((request) => request.status !== 204)).toEqual([]);
  });

  it('sends the levels a learner changes in a self-assessment, one statement a changed skill, and nothing for a save that changes nothing', async () => {
    const save = async (skills: Array<{ skill: string; level: string }>) => {
      const reply = await requestOverNats(gateway, PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT, { skills }, undefined, { id: learner.id, role: 'learner' });
      expect(reply.err).toBeUndefined();
    };
    const selfAssessed = () =>
      [...lrs.statements.values()].filter((statement) => (statement.verb as { id: string }).id === `${BASE}/xapi/verbs/self-assessed-skill-level`);
    const before = selfAssessed().length;

    await save([{ skill: 'Negotiation', level: 'working' }, { skill: 'Excel', level: 'strong' }]);
    await eventually(async () => expect(selfAssessed().length).toBe(before + 2));
    expect(selfAssessed().slice(before)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: expect.objectContaining({ mbox: `mailto:${learner.email}` }),
          object: expect.objectContaining({ id: `${BASE}/skills/negotiation` }),
          result: { extensions: { [`${BASE}/xapi/extensions/skill-level`]: 'working' } },
        }),
        expect.objectContaining({ object: expect.objectContaining({ id: `${BASE}/skills/excel` }) }),
      ]),
    );

    // The same levels again change nothing; then Excel alone moves, and only it is sent.
    await save([{ skill: 'Negotiation', level: 'working' }, { skill: 'Excel', level: 'strong' }]);
    await save([{ skill: 'negotiation', level: 'working' }, { skill: 'Excel', level: 'none' }]);
    await eventually(async () => expect(selfAssessed().length).toBe(before + 3));
    expect(selfAssessed()[before + 2]).toMatchObject({
      object: { id: `${BASE}/skills/excel` },
      result: { extensions: { [`${BASE}/xapi/extensions/skill-level`]: 'none' } },
    });
  });

  it('sends nothing twice when the same event is read again', async () => {
    const report = completingReport(learner.id);
    await publish(report);
    const completedId = statementIdOf(`lesson-completed:${learner.id}:${report.lessonId}`);
    // Each statement is its own job: wait for the last of the report's (its course) before counting.
    const courseCompletedId = statementIdOf(`course-completed:${learner.id}:${report.courseId}`);
    await eventually(async () => expect([lrs.answersFor(completedId), lrs.answersFor(courseCompletedId)]).toEqual([[204], [204]]));
    const storedBefore = lrs.statements.size;
    const requestsBefore = lrs.requests.length;

    // The same event stored again (a replay), then a marker: the consumer reads in order, so once the
    // marker's statement arrives the replay has been read.
    await publish(report, `${report.reportId}:replayed`);
    const marker = lessonReport({ userId: learner.id, courseId: randomUUID(), lessonId: randomUUID(), status: 'started' }) as LessonProgressReportedEvent;
    await publish(marker);
    const markerId = statementIdOf(`lesson-started:${learner.id}:${marker.lessonId}`);
    await eventually(async () => expect(lrs.answersFor(markerId)).toEqual([204]));

    expect(lrs.statements.size).toBe(storedBefore + 1);
    expect(lrs.requests.length).toBe(requestsBefore + 1);
    expect(lrs.answersFor(completedId)).toEqual([204]);
  });

  it('keeps a statement while the LRS is down and delivers it once it is back', async () => {
    lrs.down = true;
    const report = completingReport(learner.id);
    await publish(report);
    const completedId = statementIdOf(`lesson-completed:${learner.id}:${report.lessonId}`);
    // Refused (503) and tried again with backoff.
    await eventually(async () => expect(lrs.answersFor(completedId).length).toBeGreaterThanOrEqual(2));
    expect(lrs.statements.has(completedId)).toBe(false);

    lrs.down = false;
    await eventually(async () => expect(lrs.statements.has(completedId)).toBe(true), 30_000);
    expect(lrs.answersFor(completedId).filter((status) => status === 204)).toEqual([204]);
    expect(lrs.answersFor(completedId).every((status) => status === 503 || status === 204)).toBe(true);
  });

  it('does not retry a statement the LRS refuses (400): logged and kept among the failed jobs', async () => {
    lrs.refusing = true;
    const report = lessonReport({ userId: learner.id, courseId: randomUUID(), lessonId: randomUUID(), status: 'started' }) as LessonProgressReportedEvent;
    await publish(report);
    const refusedId = statementIdOf(`lesson-started:${learner.id}:${report.lessonId}`);
    await eventually(async () => expect(lrs.answersFor(refusedId)).toEqual([400]));
    lrs.refusing = false;
    const queue = new Bull(PROGRESS_QUEUES.LEARNING_RECORDS, REDIS_URL, { prefix: queuePrefixOf(database.url) });
    try {
      await eventually(async () => expect(await (await queue.getJob(refusedId))?.isFailed()).toBe(true));
    } finally {
      await queue.close();
    }
    // A later statement goes through while the refused one is not sent again.
    const marker = lessonReport({ userId: learner.id, courseId: randomUUID(), lessonId: randomUUID(), status: 'started' }) as LessonProgressReportedEvent;
    await publish(marker);
    await eventually(async () => expect(lrs.answersFor(statementIdOf(`lesson-started:${learner.id}:${marker.lessonId}`))).toEqual([204]));
    expect(lrs.answersFor(refusedId)).toEqual([400]);
  });

  it('sends the course completion a learner gets when a course loses the only lesson they had not done', async () => {
    const courseId = randomUUID();
    const [done, removed] = [randomUUID(), randomUUID()];
    const course = reportedCourse([done, removed], { title: 'Negotiation Basics', titleAr: null, skills: ['Stakeholder Mapping'], level: 'beginner' });
    await publish(lessonReport({ userId: learner.id, courseId, lessonId: done, status: 'completed', course }) as LessonProgressReportedEvent);
    await eventually(async () => expect(lrs.statements.has(statementIdOf(`lesson-completed:${learner.id}:${done}`))).toBe(true));
    const courseCompletedId = statementIdOf(`course-completed:${learner.id}:${courseId}`);
    expect(lrs.statements.has(courseCompletedId)).toBe(false);

    const courses = await connectToNatsAs('courses');
    try {
      await publisher.publish(courses, EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, { courseId, lessonIds: [done], changedBy: null, occurredAt: new Date().toISOString() }, `${courseId}:removed`);
    } finally {
      await courses.drain();
    }
    await eventually(async () => {
      expect(lrs.statements.get(courseCompletedId)).toMatchObject({
        actor: expect.objectContaining({ mbox: `mailto:${learner.email}` }),
        verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
        object: { id: `${BASE}/courses/${courseId}` },
      });
      expect(lrs.statements.has(statementIdOf(`skill-level-reached:${learner.id}:stakeholder mapping:basic`))).toBe(true);
    });
    expect(lrs.answersFor(courseCompletedId)).toEqual([204]);
  });

  it('sends exercise work as submitted, with its counts and without the work', async () => {
    const courses = await connectToNatsAs('courses');
    const submissionId = randomUUID();
    const lessonId = randomUUID();
    try {
      await publisher.publish(courses, EVENT_SUBJECTS.EXERCISE_SUBMITTED, {
        submissionId,
        userId: learner.id,
        lessonId,
        courseId: randomUUID(),
        course: { title: 'Agile and Scrum in Practice', titleAr: null },
        checkedItemCount: 2,
        attachmentCount: 1,
        occurredAt: new Date().toISOString(),
      }, submissionId);
    } finally {
      await courses.drain();
    }
    await eventually(async () =>
      expect(lrs.statements.get(statementIdOf(`exercise-submitted:${submissionId}`))).toMatchObject({
        verb: { id: 'http://activitystrea.ms/schema/1.0/submit' },
        object: { id: `${BASE}/lessons/${lessonId}` },
        result: { completion: true, extensions: { [`${BASE}/xapi/extensions/attachment-count`]: 1 } },
      }),
    );
  });

  it('sends a graded quiz attempt as answered and failed, with its score', async () => {
    const courses = await connectToNatsAs('courses');
    try {
      const attemptId = randomUUID();
      const lessonId = randomUUID();
      await publisher.publish(courses, EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED, {
        attemptId,
        userId: learner.id,
        lessonId,
        courseId: randomUUID(),
        course: { title: 'Agile and Scrum in Practice', titleAr: null },
        correctCount: 1,
        questionCount: 3,
        score: 33,
        passed: false,
        occurredAt: new Date().toISOString(),
      }, attemptId);
      const score = { scaled: 0.3333, raw: 1, min: 0, max: 3 };
      await eventually(async () => {
        expect(lrs.statements.get(statementIdOf(`quiz-answered:${attemptId}`))).toMatchObject({
          verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
          object: { id: `${BASE}/lessons/${lessonId}` },
          result: { score },
        });
        expect(lrs.statements.get(statementIdOf(`quiz-failed:${attemptId}`))).toMatchObject({
          verb: { id: 'http://adlnet.gov/expapi/verbs/failed' },
          result: { success: false, score },
        });
      });
    } finally {
      await courses.drain();
    }
  });

  it('sends path generation as a statement by the learner', async () => {
    const progress = await connectToNatsAs('progress');
    try {
      const learningPathId = randomUUID();
      await publisher.publish(progress, EVENT_SUBJECTS.LEARNING_PATH_GENERATED, {
        learningPathId,
        userId: learner.id,
        jobDescriptionId: null,
        jobTitle: 'Data Analyst',
        courseCount: 3,
        gapSkillCount: 2,
        occurredAt: new Date().toISOString(),
      }, learningPathId);
      const id = statementIdOf(`path-generated:${learningPathId}`);
      await eventually(async () => expect(lrs.statements.get(id)).toMatchObject({ object: { id: `${BASE}/learning-paths/${learningPathId}` } }));
    } finally {
      await progress.drain();
    }
  });
});

describe('learning records without an LRS configured', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let gateway: NatsConnection;

  beforeAll(async () => {
    database = await createFreshDatabase('progress_no_xapi');
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, REDIS_URL, LOG_LEVEL: 'silent' });
    gateway = await connectToNatsAs('gateway');
  });

  afterAll(async () => {
    await gateway?.drain();
    await app?.close();
    await database?.drop();
  });

  it('queues nothing and reads no events for an LRS, while progress is recorded as before', async () => {
    expect(() => app.get(LearningRecordsConsumer, { strict: false })).toThrow();
    const report = completingReport(randomUUID());
    await new EventsStreamPublisher().publish(gateway, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, report, report.reportId);
    await eventually(async () => {
      const reply = await requestOverNats(gateway, PROGRESS_SUBJECTS.GET_COURSE_PROGRESS, { courseId: report.courseId }, undefined, { id: report.userId, role: 'learner' });
      expect(reply.response).toMatchObject({ completedLessonIds: [report.lessonId] });
    });
    const queue = new Bull(PROGRESS_QUEUES.LEARNING_RECORDS, REDIS_URL, { prefix: queuePrefixOf(database.url) });
    try {
      expect(Object.values(await queue.getJobCounts()).every((count) => count === 0)).toBe(true);
    } finally {
      await queue.close();
    }
  });
});
