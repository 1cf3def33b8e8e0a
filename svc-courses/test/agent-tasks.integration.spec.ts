import {
  type AgentTask,
  agentStatsSchema,
  agentTaskPageSchema,
  agentTaskSchema,
  type Caller,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSE_UPLOADS_BUCKET,
  courseCreationTaskSchema,
  COURSES_SUBJECTS,
  createFromCategoriesReplySchema,
  errorReplySchema,
  libraryTooThinMessage,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, pollUntil, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { FakeModel, startFakeModel } from '../../deploy/faults/fake-model';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { bootstrap } from '../src/main';
import { documentFixture } from './fixtures/documents/fixture-files';
import { AiProcess, startAi } from './support/ai-process';

/**
 * Ready AI courses as agent tasks on the real service: Postgres, Bull on Redis, NATS, and svc-ai in
 * its own process asking an OpenAI-compatible model on loopback that takes 250 ms a lesson, so a
 * task runs long enough to be paused and cancelled between its steps.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const OTHER_LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };

describe('agent tasks: Ready AI courses', () => {
  let database: FreshDatabase;
  let model: FakeModel;
  let ai: AiProcess;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let picks: Array<{ id: string; title: string }>;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_agent_tasks');
    model = await startFakeModel({ delayMs: 250 });
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.baseUrl });
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    await app.get(CatalogSeedRunner).whenSeeded();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    picks = (
      await sql.query<{ id: string; title: string }>(
        `SELECT id, title FROM courses.courses WHERE kind = 'internal' AND title IN ('SQL and Relational Databases', 'Agile and Scrum in Practice', 'Python for Data Analysis') ORDER BY title`,
      )
    ).rows;
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await model?.stop();
    await database?.drop();
  });

  async function ask<T>(subject: string, data: unknown, caller: Caller, parse: (value: unknown) => T): Promise<T> {
    const reply = await requestOverNats(nats, subject, data, undefined, caller);
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return parse(reply.response);
  }

  async function refused(subject: string, data: unknown, caller: Caller) {
    const reply = await requestOverNats(nats, subject, data, undefined, caller);
    return errorReplySchema.parse(reply.err);
  }

  const startReadyAi = async (courses: Array<{ id: string; title: string }>, caller = LEARNER) =>
    (await ask(COURSES_SUBJECTS.START_READY_AI, { selectedCourses: courses }, caller, (value) => createFromCategoriesReplySchema.parse(value))).tasks;
  const getTask = (id: string, caller = LEARNER) => ask(COURSES_AGENT_TASK_SUBJECTS.GET, { id }, caller, (value) => agentTaskSchema.parse(value));
  const control = (verb: 'PAUSE' | 'RESUME' | 'CANCEL', id: string, caller = LEARNER) =>
    ask(COURSES_AGENT_TASK_SUBJECTS[verb], { id }, caller, (value) => agentTaskSchema.parse(value));

  function waitFor(id: string, done: (task: AgentTask) => boolean): Promise<AgentTask> {
    return pollUntil(async () => {
      const task = await getTask(id, ADMIN);
      return done(task) ? task : undefined;
    }, `task ${id} to get there`);
  }
  const ended = (task: AgentTask) => ['completed', 'failed', 'cancelled'].includes(task.status);

  async function lessonsOf(courseId: string): Promise<Array<{ module: number; lesson: number; content: string }>> {
    return (
      await sql.query(
        `SELECT m.position AS module, l.position AS lesson, l.content FROM courses.modules m JOIN courses.lessons l ON l.module_id = m.id
          WHERE m.course_id = $1 ORDER BY m.position, l.position`,
        [courseId],
      )
    ).rows;
  }

  it('creates one task per pick, each writing a course of 6 modules of 2 lessons step by step, logged as it goes', async () => {
    expect(picks).toHaveLength(3);
    const tasks = await startReadyAi(picks);
    expect(tasks.map((task) => [task.title, task.type, task.agent, task.createdBy])).toEqual(
      picks.map((pick) => [pick.title, 'ready-ai-course', 'course-creation', LEARNER.id]),
    );
    // Answered once queued: a worker may already have taken it.
    expect(tasks.every((task) => task.status === 'queued' || task.status === 'running')).toBe(true);
    expect(tasks.every((task) => task.canCancel && task.estimatedDuration > 0)).toBe(true);

    const progressSeen = new Set<number>();
    const finished: AgentTask[] = [];
    for (const task of tasks) {
      finished.push(
        await waitFor(task.id, (current) => {
          progressSeen.add(current.progress);
          return ended(current);
        }),
      );
    }
    // Progress moved through the steps, not straight from 0 to 100.
    expect([...progressSeen].filter((progress) => progress > 0 && progress < 100).length).toBeGreaterThan(2);
    for (const task of finished) {
      expect([task.status, task.error]).toEqual(['completed', null]);
      expect(task.progress).toBe(100);
      expect(task.endTime).not.toBeNull();
      expect(task.result).toMatchObject({ courseTitle: task.title, modules: 6, lessons: 12 });
      const lessons = await lessonsOf(task.result!.courseId!);
      expect(lessons).toHaveLength(12);
      expect(new Set(lessons.map((lesson) => lesson.module)).size).toBe(6);
      expect(lessons.every((lesson) => lesson.content.startsWith('Written by the test model from its source, following: "You write one lesson of a course for Masar'))).toBe(true);
      const log = task.logs.map((line) => line.message);
      expect(log[0]).toBe('Queued');
      expect(log).toContain('Started');
      expect(log.filter((line) => /^Wrote module \d of 6/.test(line))).toHaveLength(6);
      expect(log[log.length - 1]).toBe('Completed');
      const owner = await sql.query('SELECT created_by, department_owner FROM courses.courses WHERE id = $1', [task.result!.courseId]);
      expect(owner.rows[0]).toEqual({ created_by: LEARNER.id, department_owner: 'AI Generated' });
    }
  });

  it('pauses at the next step boundary, keeps what is done, and resumes from there to exactly one whole course', async () => {
    const [task] = await startReadyAi([picks[0]]);
    await waitFor(task.id, (current) => current.status === 'running' && current.progress > 0);
    const paused = await control('PAUSE', task.id);
    expect(paused.status).toBe('paused');
    expect(paused.canPause).toBe(false);

    // The step under way finishes and is kept; then nothing moves.
    const settled = await waitFor(task.id, (current) => current.logs.some((line) => line.message.startsWith('Paused after step')));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const still = await getTask(task.id);
    expect(still.status).toBe('paused');
    expect(still.progress).toBe(settled.progress);
    expect(still.progress).toBeLessThan(100);
    const stored = await sql.query('SELECT next_step, checkpoint FROM courses.agent_tasks WHERE id = $1', [task.id]);
    expect(stored.rows[0].checkpoint.modules).toHaveLength(stored.rows[0].next_step - 1);

    const resumed = await control('RESUME', task.id);
    expect(['queued', 'running']).toContain(resumed.status);
    const done = await waitFor(task.id, ended);
    expect(done.status).toBe('completed');
    expect(await lessonsOf(done.result!.courseId!)).toHaveLength(12);
    const log = done.logs.map((line) => line.message);
    expect(log.filter((line) => /^Wrote module \d of 6/.test(line))).toHaveLength(6);
    expect(log.some((line) => line.startsWith('Resumed by its starter: continues with step'))).toBe(true);
    const made = await sql.query('SELECT count(*)::int AS count FROM courses.courses WHERE created_by = $1 AND title = $2', [LEARNER.id, picks[0].title]);
    expect(made.rows[0].count).toBe(2); // the first test's course and this one
  });

  it('cancels mid-way: the task ends at once and no course with part of its modules is left behind', async () => {
    const before = await sql.query('SELECT count(*)::int AS count FROM courses.courses');
    const [task] = await startReadyAi([picks[1]], OTHER_LEARNER);
    await waitFor(task.id, (current) => current.progress >= 25);
    const cancelled = await control('CANCEL', task.id, OTHER_LEARNER);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.endTime).not.toBeNull();
    expect(cancelled.canCancel).toBe(false);
    expect(cancelled.logs[cancelled.logs.length - 1].message).toMatch(/^Cancelled by its starter \(\d of 8 steps were done and have been discarded\)$/);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    const after = await getTask(task.id, OTHER_LEARNER);
    expect(after.status).toBe('cancelled');
    expect(after.result).toBeNull();
    expect((await sql.query('SELECT count(*)::int AS count FROM courses.courses')).rows[0].count).toBe(before.rows[0].count);
    expect((await sql.query('SELECT checkpoint FROM courses.agent_tasks WHERE id = $1', [task.id])).rows[0].checkpoint).toBeNull();

    // A finished task takes no more controls.
    expect(await refused(COURSES_AGENT_TASK_SUBJECTS.RESUME, { id: task.id }, OTHER_LEARNER)).toEqual({
      statusCode: 409,
      message: 'This task has already been cancelled; it can no longer be changed',
    });
  });

  it("shows and lets control only the starter's own tasks, an admin all, and counts them", async () => {
    // Each course made also queued a quality review as its creator's task: count the creation agent's own.
    const creation = { agent: 'course-creation' };
    const mine = await ask(COURSES_AGENT_TASK_SUBJECTS.LIST, creation, LEARNER, (value) => agentTaskPageSchema.parse(value));
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((task) => task.createdBy === LEARNER.id)).toBe(true);
    expect(mine.items.map((task) => task.createdAt)).toEqual([...mine.items.map((task) => task.createdAt)].sort().reverse());
    const theirs = await ask(COURSES_AGENT_TASK_SUBJECTS.LIST, creation, OTHER_LEARNER, (value) => agentTaskPageSchema.parse(value));
    expect(theirs.items.every((task) => task.createdBy === OTHER_LEARNER.id)).toBe(true);
    const all = await ask(COURSES_AGENT_TASK_SUBJECTS.LIST, { ...creation, pageSize: 100 }, ADMIN, (value) => agentTaskPageSchema.parse(value));
    expect(all.total).toBe(mine.total + theirs.total);
    const cancelledOnly = await ask(COURSES_AGENT_TASK_SUBJECTS.LIST, { ...creation, status: 'cancelled' }, ADMIN, (value) => agentTaskPageSchema.parse(value));
    expect(cancelledOnly.items.map((task) => task.status)).toEqual(['cancelled']);

    const someoneElses = mine.items[0].id;
    for (const verb of ['GET', 'PAUSE', 'RESUME', 'CANCEL'] as const) {
      expect(await refused(COURSES_AGENT_TASK_SUBJECTS[verb], { id: someoneElses }, OTHER_LEARNER)).toEqual({
        statusCode: 404,
        message: 'Agent task not found',
      });
    }
    expect(await refused(COURSES_AGENT_TASK_SUBJECTS.PAUSE, { id: someoneElses }, LEARNER)).toEqual({
      statusCode: 409,
      message: 'This task has already completed; it can no longer be changed',
    });

    const stats = await ask(COURSES_AGENT_TASK_SUBJECTS.STATS, {}, LEARNER, (value) => agentStatsSchema.parse(value));
    expect(stats.byAgent['course-creation']).toEqual({ total: mine.total, running: 0, completed: mine.total, failed: 0 });
    const agents = Object.values(stats.byAgent);
    expect(stats.total).toBe(agents.reduce((sum, counts) => sum + counts.total, 0));
    expect(stats.completed).toBe(agents.reduce((sum, counts) => sum + counts.completed, 0));
  });

  it('cancels a course-from-documents task while the model writes its lessons: it reads as cancelled, no course is made and the files go', async () => {
    const before = await sql.query('SELECT count(*)::int AS count FROM courses.courses');
    const objectName = randomUUID();
    const bucket = await nats.jetstream().views.os(COURSE_UPLOADS_BUCKET);
    await bucket.putBlob({ name: objectName }, documentFixture('workplace-safety.docx'));
    const started = await ask(
      COURSES_SUBJECTS.START_CREATION_TASK,
      {
        kind: 'ai-generate-with-files',
        files: [{ objectName, fileName: 'workplace-safety.docx', declaredMediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 1 }],
        courseData: {
          title: 'Workplace Safety',
          description: 'Spotting hazards and reporting incidents.',
          duration: '2 weeks',
          format: 'Online',
          departmentOwner: 'Operations',
          color: 'red',
          abbreviation: 'WS',
        },
      },
      ADMIN,
      (value) => courseCreationTaskSchema.parse(value),
    );
    // The model takes 250 ms a lesson: the task waits in "generating" long enough to be cancelled there.
    await waitFor(started.id, (task) => task.currentStep?.startsWith('Writing ') ?? false);
    const cancelled = await control('CANCEL', started.id, ADMIN);
    expect(cancelled).toMatchObject({ type: 'course-from-documents', status: 'cancelled', canCancel: false });

    const followed = await pollUntil(async () => {
      const reply = courseCreationTaskSchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: started.id }, undefined, ADMIN)).response);
      const info = await bucket.info(objectName);
      return info === null || info.deleted ? reply : undefined;
    }, 'the cancelled task to end and its upload to go');
    expect(followed).toMatchObject({ stage: 'error', message: 'Cancelled', cancelled: true, courseId: null });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await sql.query('SELECT count(*)::int AS count FROM courses.courses')).rows[0].count).toBe(before.rows[0].count);
    expect((await getTask(started.id, ADMIN)).status).toBe('cancelled');
  });

  it('refuses bad selections with a message and starts nothing', async () => {
    const count = async () => (await sql.query('SELECT count(*)::int AS count FROM courses.agent_tasks')).rows[0].count;
    const before = await count();
    expect(await refused(COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [] }, LEARNER)).toEqual({
      statusCode: 400,
      message: 'selectedCourses: Please select at least 1 course',
    });
    const four = [...picks, picks[0]].map((pick) => ({ ...pick, id: randomUUID() }));
    expect((await refused(COURSES_SUBJECTS.START_READY_AI, { selectedCourses: four }, LEARNER)).message).toBe(
      'selectedCourses: Please select at most 3 courses',
    );
    expect((await refused(COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [picks[0], picks[0]] }, LEARNER)).message).toBe(
      'selectedCourses: The same course was selected twice',
    );
    expect(await refused(COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [picks[0], { id: randomUUID(), title: 'Gone' }] }, LEARNER)).toEqual({
      statusCode: 404,
      message: 'A selected course is no longer in the catalog; reload the list and choose again',
    });
    expect((await refused(COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [picks[0]] }, undefined as unknown as Caller)).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('refuses a subject the library covers too thinly instead of writing placeholder lessons', async () => {
    const inserted = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation, kind)
       VALUES ('Ceremonial Falconry', 'Hooding, jesses and mews for ceremonial falconry displays.', '2 weeks', 'Online', 'Heritage', 'red', 'CF', 'external')
       RETURNING id`,
    );
    const before = await sql.query('SELECT count(*)::int AS count FROM courses.courses');
    const [task] = await startReadyAi([{ id: inserted.rows[0].id, title: 'Ceremonial Falconry' }]);
    const done = await waitFor(task.id, ended);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^The course library has only \d lessons on "Ceremonial Falconry"/);
    expect(done.error).toBe(libraryTooThinMessage('Ceremonial Falconry', Number(/only (\d+)/.exec(done.error!)![1]), 6));
    expect((await sql.query('SELECT count(*)::int AS count FROM courses.courses')).rows[0].count).toBe(before.rows[0].count);
  });
});
