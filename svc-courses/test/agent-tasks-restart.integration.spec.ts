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
 * kill -9 svc-courses in the middle of a Ready AI task and start it again: the task continues from
 * its last finished step, says so in its log, and ends with exactly one course of 6 × 2 lessons.
 * svc-courses runs from its build as its own process; the model takes 400 ms a lesson.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };

jest.setTimeout(200_000);

describe('an agent task across a crash of its service', () => {
  let database: FreshDatabase;
  let model: FakeModel;
  let ai: AiProcess;
  let courses: BuiltServiceProcess | undefined;
  let nats: NatsConnection;
  let sql: Client;

  const startCourses = () => startBuiltService('svc-courses', { NATS_URL, DATABASE_URL: database.url }, { startTimeoutMs: 60_000 });

  beforeAll(async () => {
    database = await createFreshDatabase('courses_agent_restart');
    model = await startFakeModel({ delayMs: 400 });
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.baseUrl });
    courses = await startCourses();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await courses?.stop();
    await ai?.stop();
    await model?.stop();
    await database?.drop();
  });

  it('continues from its last finished step, with nothing duplicated and nothing lost', async () => {
    const pick = await seededCourseForReadyAi(sql);
    const started = await requestOverNats(nats, COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [pick] }, undefined, LEARNER);
    const [task] = createFromCategoriesReplySchema.parse(started.response).tasks;

    const stepOf = async () => (await sql.query<{ next_step: number; status: string }>('SELECT next_step, status FROM courses.agent_tasks WHERE id = $1', [task.id])).rows[0];
    await pollUntil(async () => ((await stepOf()).next_step >= 3 ? true : undefined), 'three finished steps');
    await courses!.kill();
    const atCrash = await stepOf();
    expect(atCrash.status).toBe('running');
    expect(atCrash.next_step).toBeLessThan(8);

    courses = await startCourses();
    const finished = await taskEnded(sql, task.id);

    expect(finished.status).toBe('completed');
    const log = finished.logs.map((line) => line.message);
    const resumed = log.filter((line) => line.startsWith('Resumed after an interruption (the service restarted), from step '));
    expect(resumed).toHaveLength(1);
    expect(Number(/from step (\d+) of 8/.exec(resumed[0])![1])).toBe(atCrash.next_step + 1);
    await expectOneCourseWrittenOnce(sql, finished, LEARNER.id);
  });
});
