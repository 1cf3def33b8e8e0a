import {
  errorReplySchema,
  healthSubjectOf,
  JOBS_SUBJECTS,
  jobDescriptionListSchema,
  serviceHealthReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, LogCapture, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const OWNER = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';

/** Inserted oldest first; titles chosen so a `%` or `_` treated as a wildcard would match too much. */
const POSTINGS = [
  { title: 'Data Analyst', createdAt: '2026-01-01T09:00:00Z' },
  { title: 'Senior DATA Engineer', createdAt: '2026-01-02T09:00:00Z' },
  { title: 'Sales Lead, 100% Remote', createdAt: '2026-01-03T09:00:00Z' },
  { title: 'HR_Partner', createdAt: '2026-01-04T09:00:00Z' },
  { title: 'HR Partner', createdAt: '2026-01-05T09:00:00Z' },
  { title: 'محلل بيانات', createdAt: '2026-01-06T09:00:00Z' },
];

describe('svc-jobs on real NATS and Postgres', () => {
  const logs = new LogCapture();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('jobs');
    // Seeding is tested on its own (predefined-roles.integration.spec.ts): here the table holds only POSTINGS.
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'info', SEED_PREDEFINED_ROLES: 'false' }, logs);
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

  /** As the learner who owns every posting listed here. */
  async function listJobDescriptions(query: Record<string, unknown>, requestId = 'it-jobs-list') {
    return requestOverNats(nats, JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, query, requestId, { id: OWNER, role: 'learner' });
  }

  function titlesOf(response: unknown): string[] {
    return jobDescriptionListSchema.parse(response).items.map((item) => item.title);
  }

  it('ran its migrations into its own schema before serving, migrations table included', async () => {
    const tables = await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'jobs' ORDER BY table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(['job_descriptions', 'migrations']);

    const migrations = await sql.query<{ name: string }>('SELECT name FROM jobs.migrations');
    expect(migrations.rows.map((row) => row.name)).toEqual([
      'CreateJobDescriptions1795313700000',
      'AddReviewedSkillsAndPredefinedRoles1795400000000',
      'OwnCopiesOfPredefinedRoles1795500000000',
    ]);

    const publicTables = await sql.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(publicTables.rowCount).toBe(0);
  });

  it('keeps synchronize off, with entities and migrations describing the same tables', async () => {
    const dataSource = app.get(DataSource);
    expect(dataSource.options.synchronize).toBe(false);
    const drift = await dataSource.driver.createSchemaBuilder().log();
    expect(drift.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('answers its health subject with Postgres up', async () => {
    const reply = await requestOverNats(nats, healthSubjectOf('jobs'), {}, 'it-jobs-health');
    const health = serviceHealthReplySchema.parse(reply.response);
    expect(health).toMatchObject({ service: 'jobs', status: 'up', checks: { postgres: 'up' } });
  });

  describe('listing job descriptions', () => {
    beforeAll(async () => {
      for (const posting of POSTINGS) {
        await sql.query(
          `INSERT INTO jobs.job_descriptions (title, content, source, detected_language, extracted_skills, created_at, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            posting.title,
            `The ${posting.title} role.`,
            JSON.stringify({ kind: 'text' }),
            /\p{Script=Arabic}/u.test(posting.title) ? 'ar' : 'en',
            JSON.stringify([{ name: 'SQL', category: 'technical', confidence: 0.92 }]),
            posting.createdAt,
            OWNER,
          ],
        );
      }
    });

    it('lists newest first in the contract shape', async () => {
      const reply = await listJobDescriptions({});
      const list = jobDescriptionListSchema.parse(reply.response);
      expect(list.items.map((item) => item.title)).toEqual(POSTINGS.map((posting) => posting.title).reverse());
      expect(list).toMatchObject({ total: 6, page: 1, pageSize: 20 });
      expect(list.items[0]).toMatchObject({
        content: 'The محلل بيانات role.',
        source: { kind: 'text' },
        detectedLanguage: 'ar',
        reviewedSkills: null,
        extractedSkills: [{ name: 'SQL', category: 'technical', confidence: 0.92 }],
        createdAt: '2026-01-06T09:00:00.000Z',
      });
    });

    it('filters titles case-insensitively', async () => {
      expect(titlesOf((await listJobDescriptions({ q: 'data' })).response)).toEqual([
        'Senior DATA Engineer',
        'Data Analyst',
      ]);
      expect(titlesOf((await listJobDescriptions({ q: 'بيانات' })).response)).toEqual(['محلل بيانات']);
    });

    it('matches % and _ in q literally, not as wildcards', async () => {
      expect(titlesOf((await listJobDescriptions({ q: '%' })).response)).toEqual(['Sales Lead, 100% Remote']);
      expect(titlesOf((await listJobDescriptions({ q: 'hr_' })).response)).toEqual(['HR_Partner']);
    });

    it('pages through the list with the total of every match', async () => {
      const reply = await listJobDescriptions({ page: 2, pageSize: 2 });
      const list = jobDescriptionListSchema.parse(reply.response);
      expect(list.items.map((item) => item.title)).toEqual(['HR_Partner', 'Sales Lead, 100% Remote']);
      expect(list).toMatchObject({ total: 6, page: 2, pageSize: 2 });

      const filtered = jobDescriptionListSchema.parse((await listJobDescriptions({ q: 'partner', pageSize: 1 })).response);
      expect(filtered.items).toHaveLength(1);
      expect(filtered.total).toBe(2);
    });

    it('answers 400 naming the field when the query is invalid', async () => {
      const reply = await listJobDescriptions({ pageSize: 1000 }, 'it-jobs-bad-query');
      expect(reply.response).toBeUndefined();
      const error = errorReplySchema.parse(reply.err);
      expect(error.statusCode).toBe(400);
      expect(error.message).toMatch(/^pageSize: /);
    });
  });

  it('answers an unexpected failure with a 500 ErrorReply that hides the internals', async () => {
    await sql.query('ALTER TABLE jobs.job_descriptions RENAME TO job_descriptions_elsewhere');
    try {
      const reply = await listJobDescriptions({}, 'it-jobs-broken');
      expect(reply).toEqual({ err: { statusCode: 500, message: 'The jobs service failed to handle the request' } });
    } finally {
      await sql.query('ALTER TABLE jobs.job_descriptions_elsewhere RENAME TO job_descriptions');
    }
  });

  it('logs one structured line per handled message, carrying the request id from the headers', () => {
    const handled = logs.lines.filter((line) => typeof line.subject === 'string');
    expect(handled.find((line) => line.requestId === 'it-jobs-health')).toEqual(
      expect.objectContaining({
        service: 'svc-jobs',
        subject: 'jobs.health',
        outcome: 'ok',
        durationMs: expect.any(Number),
      }),
    );
    expect(handled.filter((line) => line.requestId === 'it-jobs-bad-query')).toEqual([
      expect.objectContaining({
        service: 'svc-jobs',
        subject: JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS,
        outcome: 'error',
        statusCode: 400,
        durationMs: expect.any(Number),
      }),
    ]);
    expect(handled.find((line) => line.requestId === 'it-jobs-broken')).toMatchObject({
      level: 50,
      outcome: 'error',
      statusCode: 500,
      err: expect.objectContaining({ message: expect.stringContaining('job_descriptions') }),
    });
  });
});
