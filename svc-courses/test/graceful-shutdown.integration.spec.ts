import { type Caller, COURSES_SUBJECTS, createFromCategoriesReplySchema } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, pollUntil, requestOverNats } from '@masar/contracts/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { FakeModel, startFakeModel } from '../../deploy/faults/fake-model';
import { BuiltServiceProcess, startBuiltService } from '../../deploy/local/service-process';
import { AiProcess, startAi } from './support/ai-process';
import { expectOneCourseWrittenOnce, seededCourseForReadyAi, taskEnded } from './support/ready-ai-task';

/**
 * SIGTERM (a rolling update, a scale-down) while a Bull job is in progress: svc-courses stops taking
 * work, finishes the job it holds (every remaining step, its calls to svc-ai and its writes), and only
 * then exits, with 0. svc-courses runs from its build as its own process; the model is held mid-job.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
/** How long the job is held after SIGTERM: longer than the NATS transport's grace period and any hook of the kit. */
const HELD_AFTER_SIGTERM_MS = 3000;

jest.setTimeout(200_000);

describe('svc-courses told to stop (SIGTERM) during a Bull job', () => {
  let database: FreshDatabase;
  let model: FakeModel;
  let ai: AiProcess;
  let courses: BuiltServiceProcess | undefined;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_graceful_shutdown');
    model = await startFakeModel({ delayMs: 100 });
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.baseUrl });
    courses = await startBuiltService('svc-courses', { NATS_URL, DATABASE_URL: database.url }, { startTimeoutMs: 60_000 });
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    model?.release();
    await sql?.end();
    await nats?.drain();
    await courses?.kill();
    await ai?.stop();
    await model?.stop();
    await database?.drop();
  });

  it('finishes the job it holds, writes it once, then exits with 0', async () => {
    const pick = await seededCourseForReadyAi(sql);
    model.hang();
    const started = await requestOverNats(nats, COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [pick] }, undefined, LEARNER);
    const [task] = createFromCategoriesReplySchema.parse(started.response).tasks;
    await pollUntil(async () => (model.held() > 0 ? true : undefined), 'the job to reach the model', 60_000);

    const stopping = courses!.stop();
    const exitedEarly = await Promise.race([
      courses!.exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), HELD_AFTER_SIGTERM_MS)),
    ]);
    expect(exitedEarly).toBe(false);
    model.release();
    const exit = await courses!.exited;
    await stopping;

    expect(exit).toEqual({ code: 0, signal: null });
    const row = (await sql.query<{ status: string }>('SELECT status FROM courses.agent_tasks WHERE id = $1', [task.id])).rows[0];
    expect(row.status).toBe('completed');
    const finished = await taskEnded(sql, task.id);
    expect(finished.logs.filter((line) => line.message.startsWith('Resumed after an interruption'))).toEqual([]);
    await expectOneCourseWrittenOnce(sql, finished, LEARNER.id);
  });
});
