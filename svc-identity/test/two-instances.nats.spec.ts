import { INestMicroservice } from '@nestjs/common';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';
import { bootstrap } from '../src/main';

/**
 * Two svc-identity apps booted at the same moment against one fresh database, as two replicas
 * rolling out together: each migration runs once (the advisory lock) and the admin and demo
 * learner are seeded once (the unique username and ON CONFLICT DO NOTHING).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const MIGRATIONS = readdirSync(path.join(__dirname, '../src/database/migrations')).filter((file) => /^\d+-.+\.ts$/.test(file)).length;

describe('two instances of svc-identity started together on one database', () => {
  let database: FreshDatabase;
  let instances: INestMicroservice[] = [];
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('identity_two_instances');
    const env = { DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent' };
    const started = await Promise.allSettled([bootstrap(env), bootstrap(env)]);
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.drop();
  });

  it('ran each migration once', async () => {
    const { rows } = await sql.query<{ name: string; times: number }>('SELECT name, count(*)::int AS times FROM identity.migrations GROUP BY name');
    expect(rows).toHaveLength(MIGRATIONS);
    expect(rows.filter((row) => row.times !== 1)).toEqual([]);
  });

  it('seeded the admin and the demo learner once each', async () => {
    const { rows } = await sql.query<{ username: string; role: string }>('SELECT username, role FROM identity.users ORDER BY username');
    expect(rows).toEqual([
      { username: 'admin', role: 'admin' },
      { username: 'demo', role: 'learner' },
    ]);
  });
});
