import {
  AI_SUBJECTS,
  type AgentTask,
  agentTaskReplySchema,
  agentTaskSchema,
  type Caller,
  COURSE_CHANGED_DURING_ENHANCEMENT_MESSAGE,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  type ComposeLessonsRequest,
  EXTERNAL_COURSE_ENHANCEMENT_MESSAGE,
  startEnhancementReplySchema,
  OFFLINE_MODEL_NAME,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { JSONCodec, type Msg, NatsConnection } from 'nats';
import { Client } from 'pg';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { bootstrap } from '../src/main';
import { SOUND_QUIZ, SOUND_READING } from '../src/quality/checks/quality-course.factory';
import { AiProcess, startAi } from './support/ai-process';
import { insertCourseRow } from './support/course-rows.factory';

/**
 * The Content Enhancement agent on the real service: Postgres, Bull on Redis, NATS, and svc-ai in its
 * own process (offline: it quotes and cites the library). While a task must be caught mid-way, a
 * stand-in subscribed as svc-ai holds the lesson-writing request instead, before svc-ai is started.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const FIXTURE_SEED_DIR = join(__dirname, 'fixtures', 'seed-data');
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const codec = JSONCodec();

const INCIDENT_REPORTING =
  'An incident report is a written record of something that went wrong at work or nearly did. It must be written on the ' +
  'same day, while people still remember the details. Start with the facts: the date, the time, the exact place and the ' +
  'names of everyone involved or watching. Then describe what happened in plain words, in the order it happened. Avoid ' +
  'guessing at causes in this part of the report, because a guess written down early is often repeated as if it were a ' +
  'fact. Record any injury and the first aid that was given, and note who was told and when. Photographs of the scene ' +
  'help the people who investigate later, so take them before anything is moved or cleaned. A near miss deserves a report ' +
  'too: nobody was hurt this time, but the same conditions may hurt someone next time. Teams that report near misses ' +
  'fix problems sooner and have fewer serious accidents. Keep every report in the shared log so that patterns show.';
const RATING_RISKS =
  'A risk rating combines two judgements: how likely harm is, and how severe it would be. Each is scored from one to five, ' +
  'and the two scores are multiplied to give a rating between one and twenty five. A rating above fifteen means the work ' +
  'must stop until the risk is reduced. A rating between eight and fifteen means controls must be added within a week. ' +
  'Lower ratings are recorded and reviewed at the next inspection. The best control removes the hazard altogether; the ' +
  'next best replaces it with something less dangerous. Guards, barriers and ventilation come after that, then training ' +
  'and signs, and protective equipment comes last because it only works when worn correctly. Review every rating after an ' +
  'incident, after a change of equipment or process, and at least once a year. Write down who made the rating and why, ' +
  'so that the next reviewer can see what was considered and what was not. Share the ratings with the people who do the work.';
const SHORT_REPORTING = 'Report incidents to your supervisor. Use the form on the safety page.';

describe('the Content Enhancement agent on the real service', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let ai: AiProcess | undefined;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_enhancement');
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', COURSE_CATALOG_SEED_DIR: FIXTURE_SEED_DIR });
    await app.get(CatalogSeedRunner).whenSeeded();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    // The library the too-short lesson is rewritten from: another course on the same skill.
    const library = await insertCourseRow(sql, { title: 'Incident Management at Work', skills: ['Risk Assessment'] });
    await insertModule(library, 0, 'Incidents and Risks', [
      { title: 'Writing an Incident Report', type: 'reading', content: INCIDENT_REPORTING },
      { title: 'Rating Risks', type: 'reading', content: RATING_RISKS },
    ]);
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  interface LessonRow {
    title: string;
    type: string;
    content: string;
    keyPoints?: string[];
    activities?: string[];
  }

  async function insertModule(courseId: string, position: number, title: string, lessons: LessonRow[]): Promise<void> {
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, $2, $3, '') RETURNING id`,
      [courseId, position, title],
    );
    for (const [index, lesson] of lessons.entries()) {
      await sql.query(
        `INSERT INTO courses.lessons (module_id, position, title, duration, type, content, key_points, activities) VALUES ($1, $2, $3, '10 min', $4, $5, $6, $7)`,
        [rows[0].id, index, lesson.title, lesson.type, lesson.content, lesson.keyPoints ?? [], lesson.activities ?? []],
      );
    }
  }

  /** A course with a lesson lacking key points and activities, and a module without a quiz whose one lesson is too short. */
  async function courseToEnhance(): Promise<string> {
    const courseId = await insertCourseRow(sql, { title: `Workplace Safety ${randomUUID().slice(0, 8)}`, skills: ['Risk Assessment'], estimatedHours: 0.5 });
    await insertModule(courseId, 0, 'Hazards', [
      { title: 'Spotting Hazards', type: 'reading', content: SOUND_READING },
      { title: 'Hazards Quiz', type: 'quiz', content: SOUND_QUIZ, keyPoints: ['Hazards'], activities: ['Answer each question.'] },
    ]);
    await insertModule(courseId, 1, 'Reporting', [{ title: 'Reporting Incidents', type: 'reading', content: SHORT_REPORTING, keyPoints: ['Report incidents.'], activities: ['Find the form.'] }]);
    return courseId;
  }

  /** Everything a person could see of the course's modules and lessons, and when it last changed. */
  async function snapshot(courseId: string) {
    const lessons = await sql.query(
      `SELECT m.position AS module, l.position, l.title, l.type, l.content, l.key_points, l.activities, l.sources, l.enhancements, l.ai_label
         FROM courses.modules m JOIN courses.lessons l ON l.module_id = m.id WHERE m.course_id = $1 ORDER BY m.position, l.position`,
      [courseId],
    );
    const course = await sql.query('SELECT updated_at::text AS updated_at, estimated_hours FROM courses.courses WHERE id = $1', [courseId]);
    return { lessons: lessons.rows, course: course.rows[0] };
  }

  const start = (body: unknown, caller = ADMIN) => requestOverNats(nats, COURSES_SUBJECTS.START_ENHANCEMENT, body, undefined, caller);
  async function startTask(courseId: string): Promise<AgentTask> {
    const reply = await start({ courseId });
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    const { tasks } = startEnhancementReplySchema.parse(reply.response);
    expect(tasks).toHaveLength(1);
    return tasks[0];
  }
  async function waitFor(id: string, done: (task: AgentTask) => boolean, timeoutMs = 30_000): Promise<AgentTask> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reply = await requestOverNats(nats, COURSES_AGENT_TASK_SUBJECTS.GET, { id }, undefined, ADMIN);
      const task = agentTaskSchema.parse(reply.response);
      if (done(task)) return task;
      if (Date.now() > deadline) throw new Error(`task ${id} never got there: ${JSON.stringify(task)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const ended = (task: AgentTask) => ['completed', 'failed', 'cancelled'].includes(task.status);

  /** Subscribes as svc-ai and hands over each lesson-writing request unanswered. */
  async function holdLessonWriting() {
    const connection = await connectToNatsAs('ai');
    const subscription = connection.subscribe(AI_SUBJECTS.COMPOSE_LESSONS);
    const messages = subscription[Symbol.asyncIterator]();
    return {
      next: async (): Promise<Msg> => (await messages.next()).value as Msg,
      close: () => connection.drain(),
    };
  }

  it('is for admins: a learner is refused (403), an unknown course 404, external training 400, a bad body 400', async () => {
    const courseId = await courseToEnhance();
    expect((await start({ courseId }, LEARNER)).err).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect((await start({ courseId: randomUUID() })).err).toEqual({ statusCode: 404, message: 'Course not found' });
    const external = await insertCourseRow(sql, { title: 'Outside Training', kind: 'external' });
    expect((await start({ courseId: external })).err).toEqual({ statusCode: 400, message: EXTERNAL_COURSE_ENHANCEMENT_MESSAGE });
    expect((await start({ courseId, fromQuality: true })).err).toMatchObject({ statusCode: 400 });
    expect(await sql.query(`SELECT 1 FROM courses.agent_tasks WHERE type = 'content-enhancement'`)).toMatchObject({ rowCount: 0 });
  });

  it('cancelled mid-way, leaves the course exactly as it was', async () => {
    const held = await holdLessonWriting();
    try {
      const courseId = await courseToEnhance();
      const before = await snapshot(courseId);
      const task = await startTask(courseId);
      // Module 1 is planned; module 2's too-short lesson waits on the (held) writer.
      const request = await held.next();
      await waitFor(task.id, (current) => current.progress > 0);
      const cancelled = agentTaskSchema.parse((await requestOverNats(nats, COURSES_AGENT_TASK_SUBJECTS.CANCEL, { id: task.id }, undefined, ADMIN)).response);
      expect(cancelled.status).toBe('cancelled');
      request.respond(codec.encode({ id: (codec.decode(request.data) as { id: string }).id, err: { statusCode: 503, message: 'held' }, isDisposed: true }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await snapshot(courseId)).toEqual(before);
      expect((await waitFor(task.id, ended)).status).toBe('cancelled');
    } finally {
      await held.close();
    }
  });

  it('refuses to apply its changes over a course that changed while it was being enhanced', async () => {
    const held = await holdLessonWriting();
    try {
      const courseId = await courseToEnhance();
      const task = await startTask(courseId);
      const request = await held.next();
      // Someone edits the course meanwhile.
      await sql.query(`UPDATE courses.courses SET title = title || ' (edited)', updated_at = now() WHERE id = $1`, [courseId]);
      const before = await snapshot(courseId);
      const { id, data } = codec.decode(request.data) as { id: string; data: ComposeLessonsRequest };
      const lessons = data.lessons.map((lesson) => ({ key: lesson.key, content: `${INCIDENT_REPORTING}\n\n${RATING_RISKS}`, keyPoints: [], activities: [], citations: [] }));
      request.respond(codec.encode({ id, response: { provider: 'offline', model: OFFLINE_MODEL_NAME, lessons }, isDisposed: true }));
      const failed = await waitFor(task.id, ended);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(COURSE_CHANGED_DURING_ENHANCEMENT_MESSAGE);
      expect(await snapshot(courseId)).toEqual(before);
    } finally {
      await held.close();
    }
  });

  it('adds key points, activities and a knowledge check from the lessons, rewrites the too-short lesson from the library, and a second run changes nothing', async () => {
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url });
    const courseId = await courseToEnhance();
    const before = await snapshot(courseId);
    const task = await startTask(courseId);
    expect(task).toMatchObject({ type: 'content-enhancement', agent: 'content-enhancement', createdBy: ADMIN.id, canCancel: true });
    const done = await waitFor(task.id, ended);
    expect(done.status).toBe('completed');
    const changes = done.result!.changes!;
    expect(done.result!.courseId).toBe(courseId);
    expect(changes).toEqual([
      expect.stringMatching(/^Module 1, lesson "Spotting Hazards": added [3-5] key points from its text$/),
      expect.stringMatching(/^Module 1, lesson "Spotting Hazards": added [1-3] activit(y|ies) from its text$/),
      expect.stringMatching(/^Module 2, lesson "Reporting Incidents": rewritten from the library's material \(12 → \d+ words\), citing ".+: .+"/),
      expect.stringMatching(/^Module 2, lesson "Module 2 Quiz: Reporting": added as the module's knowledge check: [3-5] questions from its lessons' text$/),
    ]);

    const after = await snapshot(courseId);
    const [spotting, quiz1, reporting, quiz2] = after.lessons;
    expect(spotting.key_points.length).toBeGreaterThanOrEqual(3);
    for (const point of spotting.key_points) expect(SOUND_READING).toContain(point);
    expect(spotting.activities.length).toBeGreaterThanOrEqual(1);
    expect(spotting.content).toBe(SOUND_READING);
    expect(spotting.enhancements).toEqual([{ at: expect.any(String), taskId: task.id, changes: [expect.stringMatching(/^added \d key points/), expect.stringMatching(/^added \d activit/)] }]);
    expect(quiz1).toEqual(before.lessons[1]);
    expect(reporting.content.split(/\s+/).length).toBeGreaterThanOrEqual(150);
    expect(reporting.sources.map((source: { origin: string }) => source.origin)).toContain('catalog');
    // It had key points and activities of its own: they stay.
    expect([reporting.key_points, reporting.activities]).toEqual([['Report incidents.'], ['Find the form.']]);
    // The rewritten lesson is now svc-ai's writing, labelled with the enhancement's time; the rest stay people's.
    expect(reporting.ai_label).toEqual({ feature: 'lesson-writing', provider: 'offline', model: OFFLINE_MODEL_NAME, at: reporting.enhancements[0].at });
    expect([spotting.ai_label, quiz1.ai_label, quiz2.ai_label]).toEqual([null, null, null]);
    expect(quiz2).toMatchObject({ module: 1, position: 1, type: 'quiz', title: 'Module 2 Quiz: Reporting' });
    expect(quiz2.content).toMatch(/^1\. .+\nAnswer: /);
    expect(after.course.updated_at).not.toBe(before.course.updated_at);

    // The changed course is queued for a fresh quality review, just after the task is marked completed.
    const reviewsOf = async () =>
      (await sql.query(`SELECT 1 FROM courses.agent_tasks WHERE type = 'quality-review' AND input -> 'courseIds' = jsonb_build_array($1::text)`, [courseId])).rowCount;
    for (let waited = 0; (await reviewsOf()) === 0 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reviewsOf()).toBe(1);

    const again = await waitFor((await startTask(courseId)).id, ended);
    expect(again.status).toBe('completed');
    expect(again.result!.changes).toEqual([]);
    expect(again.logs.map((line) => line.message)).toContain(`Nothing to change in "${done.result!.courseTitle}"`);
    expect((await snapshot(courseId)).lessons).toEqual(after.lessons);
  });

  it('enhances the courses whose latest quality review found lessons too short, one task each', async () => {
    const courseId = await courseToEnhance();
    const { task: review } = agentTaskReplySchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.QUALITY_START_REVIEW, { courseId }, undefined, ADMIN)).response);
    expect((await waitFor(review.id, ended)).status).toBe('completed');
    const reply = await start({ fromQuality: true });
    const { tasks } = startEnhancementReplySchema.parse(reply.response);
    const flagged = await sql.query<{ course_id: string }>(
      `SELECT DISTINCT latest.course_id
         FROM (SELECT DISTINCT ON (course_id) id, course_id FROM courses.quality_reviews ORDER BY course_id, reviewed_at DESC, id DESC) latest
         JOIN courses.quality_findings f ON f.review_id = latest.id WHERE f."check" = 'lesson-length' AND NOT f.passed`,
    );
    const titles = tasks.map((task) => task.title);
    expect(tasks.length).toBeLessThanOrEqual(20);
    expect(new Set(titles).size).toBe(tasks.length);
    expect(tasks.map((task) => task.type)).toEqual(tasks.map(() => 'content-enhancement'));
    expect(titles.some((title) => title.startsWith('Content enhancement: Workplace Safety'))).toBe(true);
    expect(tasks).toHaveLength(flagged.rowCount!);
    await Promise.all(tasks.map((task) => waitFor(task.id, ended)));
  });
});
