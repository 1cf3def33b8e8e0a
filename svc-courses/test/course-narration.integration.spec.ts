import {
  AI_SUBJECTS,
  type AgentTask,
  agentTaskSchema,
  type Caller,
  COURSE_NARRATION_FAILED_MESSAGE,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  EXTERNAL_COURSE_NARRATION_MESSAGE,
  type GenerateNarrationRequest,
  generateNarrationReplySchema,
  NARRATION_BUCKET,
  NOTHING_TO_NARRATE_MESSAGE,
  startCourseNarrationReplySchema,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, pollUntil, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { JSONCodec, type Msg, NatsConnection } from 'nats';
import { Client } from 'pg';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { bootstrap } from '../src/main';
import { AiProcess, startAi } from './support/ai-process';
import { insertCourseRow } from './support/course-rows.factory';

/**
 * Whole-course narration on the real service: Postgres, Bull on Redis, NATS, and svc-ai in its own
 * process (offline: espeak-ng and lame). While a task must be caught mid-way, a stand-in subscribed
 * as svc-ai holds the narration requests instead, before svc-ai is started.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const FIXTURE_SEED_DIR = join(__dirname, 'fixtures', 'seed-data');
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const codec = JSONCodec();

const ENGLISH_LESSON = 'A budget is a plan for money. Write down what comes in and what goes out each month, then compare them.';
const ARABIC_LESSON = 'الميزانية خطة للمال. اكتب ما يدخل وما يخرج كل شهر ثم قارن بينهما.';

describe('narrating a whole course on the real service', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let ai: AiProcess | undefined;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_narration');
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', COURSE_CATALOG_SEED_DIR: FIXTURE_SEED_DIR });
    await app.get(CatalogSeedRunner).whenSeeded();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  /** A course of two modules: an English lesson and an empty one, then an Arabic lesson. */
  async function courseToNarrate(title = `Personal Budgets ${randomUUID().slice(0, 8)}`): Promise<{ courseId: string; lessonIds: string[] }> {
    const courseId = await insertCourseRow(sql, { title });
    const lessonIds: string[] = [];
    const modules: Array<Array<{ title: string; content: string }>> = [
      [
        { title: 'Making a Budget', content: ENGLISH_LESSON },
        // Zero-width spaces and a no-break space only: nothing to speak, so not counted.
        { title: 'Blank Lesson', content: '\u200b\u00a0\u200b' },
      ],
      [{ title: 'الميزانية الشخصية', content: ARABIC_LESSON }],
    ];
    for (const [position, lessons] of modules.entries()) {
      const { rows } = await sql.query<{ id: string }>(
        `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, $2, $3, '') RETURNING id`,
        [courseId, position, `Module ${position + 1}`],
      );
      for (const [index, lesson] of lessons.entries()) {
        const inserted = await sql.query<{ id: string }>(
          `INSERT INTO courses.lessons (module_id, position, title, duration, type, content) VALUES ($1, $2, $3, '10 min', 'reading', $4) RETURNING id`,
          [rows[0].id, index, lesson.title, lesson.content],
        );
        lessonIds.push(inserted.rows[0].id);
      }
    }
    return { courseId, lessonIds };
  }

  const start = (body: unknown, caller = ADMIN) => requestOverNats(nats, COURSES_SUBJECTS.START_COURSE_NARRATION, body, undefined, caller);
  async function startTask(courseId: string) {
    const reply = await start({ id: courseId });
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return startCourseNarrationReplySchema.parse(reply.response);
  }
  const getTask = async (id: string): Promise<AgentTask> =>
    agentTaskSchema.parse((await requestOverNats(nats, COURSES_AGENT_TASK_SUBJECTS.GET, { id }, undefined, ADMIN)).response);
  const waitFor = (id: string, done: (task: AgentTask) => boolean) =>
    pollUntil(async () => {
      const task = await getTask(id);
      return done(task) ? task : undefined;
    }, `task ${id} to get there`);
  const ended = (task: AgentTask) => ['completed', 'failed', 'cancelled'].includes(task.status);

  /** Subscribes as svc-ai and hands over each narration request unanswered. */
  async function holdNarrations() {
    const connection = await connectToNatsAs('ai');
    const subscription = connection.subscribe(AI_SUBJECTS.GENERATE_NARRATION);
    const messages = subscription[Symbol.asyncIterator]();
    return {
      next: async (): Promise<Msg> => (await messages.next()).value as Msg,
      close: () => connection.drain(),
    };
  }
  function answer(request: Msg, reply: { response?: unknown; err?: unknown }): GenerateNarrationRequest {
    const { id, data } = codec.decode(request.data) as { id: string; data: GenerateNarrationRequest };
    request.respond(codec.encode({ id, ...reply, isDisposed: true }));
    return data;
  }
  const storedReply = { audioKey: 'a'.repeat(64), textContent: 'spoken', language: 'en', bytes: 4000, durationSeconds: 1, reused: false };

  it('is for admins: a learner is refused (403), an unknown course 404, external training 400, a course without text 422, a bad id 400', async () => {
    const { courseId } = await courseToNarrate();
    expect((await start({ id: courseId }, LEARNER)).err).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect((await start({ id: randomUUID() })).err).toEqual({ statusCode: 404, message: 'Course not found' });
    const external = await insertCourseRow(sql, { title: 'Outside Training', kind: 'external' });
    expect((await start({ id: external })).err).toEqual({ statusCode: 400, message: EXTERNAL_COURSE_NARRATION_MESSAGE });
    const empty = await insertCourseRow(sql, { title: 'Nothing Written Yet' });
    expect((await start({ id: empty })).err).toEqual({ statusCode: 422, message: NOTHING_TO_NARRATE_MESSAGE });
    expect((await start({ id: 'not-a-uuid' })).err).toMatchObject({ statusCode: 400 });
    expect(await sql.query(`SELECT 1 FROM courses.agent_tasks WHERE type = 'course-narration'`)).toMatchObject({ rowCount: 0 });
  });

  it('counts the lessons with words, narrates them in course order with progress per lesson, and pauses, resumes and cancels', async () => {
    const held = await holdNarrations();
    try {
      const { courseId } = await courseToNarrate();
      const { totalLessons, task } = await startTask(courseId);
      expect(totalLessons).toBe(2);
      expect(task).toMatchObject({ type: 'course-narration', agent: 'content-enhancement', createdBy: ADMIN.id, canCancel: true, progress: 0 });

      // The play buttons send the lesson's title and text as they are: the same request reaches the same recording.
      expect(answer(await held.next(), { response: storedReply })).toEqual({ text: ENGLISH_LESSON, title: 'Making a Budget' });
      const second = await held.next();
      expect(await waitFor(task.id, (current) => current.progress > 0)).toMatchObject({ status: 'running', progress: 33, currentStep: 'Narrating lesson 2 of 2' });
      const paused = agentTaskSchema.parse((await requestOverNats(nats, COURSES_AGENT_TASK_SUBJECTS.PAUSE, { id: task.id }, undefined, ADMIN)).response);
      expect(paused.status).toBe('paused');
      expect(answer(second, { response: storedReply })).toEqual({ text: ARABIC_LESSON, title: 'الميزانية الشخصية' });
      expect(await waitFor(task.id, (current) => current.progress === 66)).toMatchObject({ status: 'paused' });

      await requestOverNats(nats, COURSES_AGENT_TASK_SUBJECTS.RESUME, { id: task.id }, undefined, ADMIN);
      const done = await waitFor(task.id, ended);
      expect(done).toMatchObject({ status: 'completed', progress: 100 });
      expect(done.result).toMatchObject({ courseId, lessons: 2, changes: ['2 lessons narrated', '0 already narrated for the same text'] });

      // Cancelled while a lesson is being narrated: it stops there and says so.
      const again = await startTask(courseId);
      const pending = await held.next();
      const cancelled = agentTaskSchema.parse((await requestOverNats(nats, COURSES_AGENT_TASK_SUBJECTS.CANCEL, { id: again.task.id }, undefined, ADMIN)).response);
      expect(cancelled).toMatchObject({ status: 'cancelled', canCancel: false });
      answer(pending, { response: storedReply });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await getTask(again.task.id)).status).toBe('cancelled');
    } finally {
      await held.close();
    }
  });

  it("fails with the spec's message, naming the lesson and why, when a lesson cannot be narrated", async () => {
    const held = await holdNarrations();
    try {
      const { courseId } = await courseToNarrate();
      const { task } = await startTask(courseId);
      answer(await held.next(), { err: { statusCode: 503, message: 'The voice is unavailable' } });
      const failed = await waitFor(task.id, ended);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(`${COURSE_NARRATION_FAILED_MESSAGE} (lesson 1 "Making a Budget": The voice is unavailable)`);
    } finally {
      await held.close();
    }
  });

  it('with svc-ai: stores an MP3 per lesson, a second run speaks nothing again, and a play button then finds the same recording', async () => {
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url });
    const { courseId } = await courseToNarrate();
    const first = await waitFor((await startTask(courseId)).task.id, ended);
    expect(first).toMatchObject({ status: 'completed', progress: 100, result: { lessons: 2, changes: ['2 lessons narrated', '0 already narrated for the same text'] } });
    expect(first.result!.audioSeconds).toBeGreaterThan(3);
    const messages = first.logs.map((line) => line.message);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^Lesson 1 "Making a Budget": narrated \(\d+ s\)$/), expect.stringMatching(/^Lesson 2 "الميزانية الشخصية": narrated/)]));

    const second = await waitFor((await startTask(courseId)).task.id, ended);
    expect(second.result).toMatchObject({ lessons: 2, changes: ['0 lessons narrated', '2 already narrated for the same text'] });
    expect(second.logs.map((line) => line.message)).toContain('Lesson 1 "Making a Budget": already narrated for this text; kept');

    // The lesson's play button (the gateway asking in a learner's name) is answered from the store, with real MP3 bytes.
    const played = generateNarrationReplySchema.parse(
      (await requestOverNats(nats, AI_SUBJECTS.GENERATE_NARRATION, { text: ARABIC_LESSON, title: 'الميزانية الشخصية' }, undefined, ADMIN)).response,
    );
    expect(played).toMatchObject({ language: 'ar', reused: true });
    const bucket = await nats.jetstream().views.os(NARRATION_BUCKET);
    const bytes = await bucket.getBlob(played.audioKey);
    expect(bytes!.length).toBe(played.bytes);
    // An MP3 frame sync (or an ID3 tag) at the start.
    expect(bytes![0] === 0xff || Buffer.from(bytes!.subarray(0, 3)).toString() === 'ID3').toBe(true);

    // A lesson whose text changed gets new audio; the other is kept.
    await sql.query(`UPDATE courses.lessons SET content = content || ' Keep the receipts.' WHERE title = 'Making a Budget' AND module_id IN (SELECT id FROM courses.modules WHERE course_id = $1)`, [courseId]);
    const third = await waitFor((await startTask(courseId)).task.id, ended);
    expect(third.result).toMatchObject({ changes: ['1 lesson narrated', '1 already narrated for the same text'] });
  }, 90_000);
});
