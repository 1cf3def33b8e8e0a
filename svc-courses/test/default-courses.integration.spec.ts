import { type Caller, COURSES_SUBJECTS, createDefaultCoursesReplySchema, errorReplySchema } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { BUILT_IN_SEED_DIR } from '../src/config';
import { bootstrap } from '../src/main';

/** "Create default courses" on an empty library: the built-in starter catalog, put back, on the real service. */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };

describe('create default courses', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  // One internal course per file; the external files list several trainings each.
  const internalFiles = readdirSync(path.join(BUILT_IN_SEED_DIR, 'internal')).filter((name) => name.endsWith('.json'));

  beforeAll(async () => {
    database = await createFreshDatabase('courses_defaults');
    // An installation that did not seed at first start: the library is empty.
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, SEED_COURSE_CATALOG: 'false', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
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

  const count = async () => Number((await sql.query('SELECT count(*) FROM courses.courses')).rows[0].count);

  it('is refused to a learner, changing nothing', async () => {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_DEFAULTS, {}, undefined, LEARNER);
    expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect(await count()).toBe(0);
  });

  it('puts the whole starter catalog in an empty library once, and brings back a deleted course', async () => {
    const first = createDefaultCoursesReplySchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.CREATE_DEFAULTS, {}, undefined, ADMIN)).response);
    const all = await count();
    expect(first.courses).toHaveLength(all);
    expect(first.courses.filter((course) => course.kind === 'internal')).toHaveLength(internalFiles.length);
    expect(first.courses.some((course) => course.kind === 'external')).toBe(true);
    expect(first.alreadyPresent).toBe(0);
    expect(first.courses.map((course) => course.title)).toContain('Agile and Scrum in Practice');

    const again = createDefaultCoursesReplySchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.CREATE_DEFAULTS, {}, undefined, ADMIN)).response);
    expect(again).toEqual({ courses: [], alreadyPresent: all });

    await sql.query(`DELETE FROM courses.courses WHERE title = 'Agile and Scrum in Practice'`);
    const restored = createDefaultCoursesReplySchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.CREATE_DEFAULTS, {}, undefined, ADMIN)).response);
    expect(restored.courses.map((course) => course.title)).toEqual(['Agile and Scrum in Practice']);
    expect(await count()).toBe(all);
  });
});
