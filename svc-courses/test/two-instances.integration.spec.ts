import { type Caller, COURSES_SUBJECTS, createFromCategoriesReplySchema } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, pollUntil, requestOverNats } from '@masar/contracts/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { FakeModel, startFakeModel } from '../../deploy/faults/fake-model';
import { BuiltServiceProcess, startBuiltService } from '../../deploy/local/service-process';
import { readSeedFolder } from '../src/catalog/catalog-seed';
import { AiProcess, startAi } from './support/ai-process';
import { expectOneCourseWrittenOnce, taskEnded } from './support/ready-ai-task';

/**
 * Two instances of svc-courses, each its own process from the build, started at the same moment
 * against one fresh database (as two replicas of a Deployment roll out): the migrations run once,
 * the seed catalog goes in once, and an agent task queued once is carried out once, by one of them.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const SEED_DATA = path.join(__dirname, '../src/catalog/seed-data');
const MIGRATIONS = readdirSync(path.join(__dirname, '../src/database/migrations')).filter((file) => /^\d+-.+\.ts$/.test(file)).length;

jest.setTimeout(240_000);

describe('two instances of svc-courses started together on one database', () => {
  let database: FreshDatabase;
  let model: FakeModel;
  let ai: AiProcess;
  let instances: BuiltServiceProcess[] = [];
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_two_instances');
    model = await startFakeModel({ delayMs: 100 });
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.baseUrl });
    const startOne = () => startBuiltService('svc-courses', { NATS_URL, DATABASE_URL: database.url }, { startTimeoutMs: 90_000 });
    const started = await Promise.allSettled([startOne(), startOne()]);
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    // Each instance runs the seed after it starts listening; both must have finished before counting.
    await pollUntil(
      async () => (instances.every((instance) => instance.lines.some((line) => line.includes('course catalog seeded'))) ? true : undefined),
      'both instances to finish seeding',
      120_000,
    );
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await Promise.all(instances.map((instance) => instance.stop()));
    await ai?.stop();
    await model?.stop();
    await database?.drop();
  });

  it('ran each migration once', async () => {
    const { rows } = await sql.query<{ name: string; times: number }>('SELECT name, count(*)::int AS times FROM courses.migrations GROUP BY name');
    expect(rows).toHaveLength(MIGRATIONS);
    expect(rows.filter((row) => row.times !== 1)).toEqual([]);
  });

  it('seeded each catalog course once', async () => {
    const { rows } = await sql.query<{ seed_key: string; times: number }>(
      'SELECT seed_key, count(*)::int AS times FROM courses.courses WHERE seed_key IS NOT NULL GROUP BY seed_key',
    );
    const { seeds } = await readSeedFolder(SEED_DATA);
    expect(rows.map((row) => row.seed_key).sort()).toEqual(seeds.map((seed) => seed.course.slug).sort());
    expect(rows.filter((row) => row.times !== 1)).toEqual([]);
  });

  it('carries out an agent task queued once exactly once, on one of the two instances', async () => {
    const pick = (await sql.query<{ id: string; title: string }>(`SELECT id, title FROM courses.courses WHERE title = 'SQL and Relational Databases'`)).rows[0];
    const started = await requestOverNats(nats, COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [pick] }, undefined, LEARNER);
    const [task] = createFromCategoriesReplySchema.parse(started.response).tasks;

    const finished = await taskEnded(sql, task.id);

    expect(finished.status).toBe('completed');
    // Picked up by a second worker, the task would say it resumed, or write its modules twice.
    expect(finished.logs.filter((line) => line.message.startsWith('Resumed after an interruption'))).toEqual([]);
    await expectOneCourseWrittenOnce(sql, finished, LEARNER.id);
  });
});
