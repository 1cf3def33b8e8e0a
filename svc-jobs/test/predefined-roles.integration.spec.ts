import {
  errorReplySchema,
  generateDemoJobReplySchema,
  healthSubjectOf,
  JOBS_SUBJECTS,
  PREDEFINED_JOB_ROLES,
  serviceHealthReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { loadPredefinedRoleCatalog } from '../src/predefined-roles/predefined-role-catalog';
import { PredefinedRoleSeeder } from '../src/predefined-roles/predefined-role-seeder';
import { createFreshDatabase, FreshDatabase } from './support/fresh-database';
import { requestOverNats } from './support/nats-requester';
import { SkillExtractorStandIn } from './support/skill-extractor-stand-in';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';
const catalog = loadPredefinedRoleCatalog();

function environment(databaseUrl: string, seed: boolean): NodeJS.ProcessEnv {
  return {
    NATS_URL,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_PREDEFINED_ROLES: String(seed),
    AI_REQUEST_TIMEOUT_MS: '300',
  };
}

async function predefinedPostings(sql: Client) {
  const result = await sql.query<{ role: string; detected_language: string; created_by: string | null }>(
    `SELECT source ->> 'role' AS role, detected_language, created_by FROM jobs.job_descriptions
      WHERE source ->> 'kind' = 'predefined-role' ORDER BY role, detected_language`,
  );
  return result.rows;
}

/** Fails the test instead of hanging it when seeding never finishes. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('svc-jobs predefined roles on real NATS and Postgres', () => {
  let nats: NatsConnection;
  let skillExtractor: SkillExtractorStandIn;

  beforeAll(async () => {
    skillExtractor = await SkillExtractorStandIn.start(NATS_URL);
    nats = await connect({ servers: NATS_URL });
  });

  afterAll(async () => {
    await nats?.drain();
    await skillExtractor?.stop();
  });

  beforeEach(() => {
    skillExtractor.behaviour = 'answer';
    skillExtractor.requests.length = 0;
  });

  describe('generating a demo job from a role', () => {
    let database: FreshDatabase;
    let app: INestMicroservice;
    let sql: Client;

    beforeAll(async () => {
      database = await createFreshDatabase('jobs_roles');
      app = await bootstrap(environment(database.url, false));
      sql = new Client({ connectionString: database.url });
      await sql.connect();
    });

    afterAll(async () => {
      await sql?.end();
      await app?.close();
      await database?.drop();
    });

    it('stores the role’s English posting once, with skills from the extractor, and answers {title, extractedSkills, jobDescription}', async () => {
      const first = generateDemoJobReplySchema.parse(
        (await requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'Data Scientist', requestedBy: LEARNER })).response,
      );
      const posting = catalog.get('Data Scientist')!.en;
      expect(first.title).toBe('Data Scientist');
      expect(first.extractedSkills).toEqual(first.jobDescription.extractedSkills);
      expect(first.extractedSkills.map((skill) => skill.name)).toContain('Python');
      expect(first.jobDescription).toMatchObject({
        title: 'Data Scientist',
        content: posting.content.trim(),
        source: { kind: 'predefined-role', role: 'Data Scientist' },
        detectedLanguage: 'en',
        createdBy: null,
        reviewedSkills: null,
      });
      expect(skillExtractor.requests.map(({ request }) => request)).toEqual([{ text: posting.content.trim(), language: 'en' }]);

      const again = generateDemoJobReplySchema.parse(
        (await requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'Data Scientist', requestedBy: LEARNER })).response,
      );
      expect(again.jobDescription.id).toBe(first.jobDescription.id);
      expect(skillExtractor.requests).toHaveLength(1);
    });

    it('keeps a separate Arabic posting of the role, titled in Arabic', async () => {
      const reply = generateDemoJobReplySchema.parse(
        (await requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'Data Scientist', language: 'ar', requestedBy: LEARNER }))
          .response,
      );
      expect(reply.title).toBe(catalog.get('Data Scientist')!.ar.title);
      expect(reply.jobDescription).toMatchObject({ detectedLanguage: 'ar', source: { kind: 'predefined-role', role: 'Data Scientist' } });
      expect(skillExtractor.requests[0].request.language).toBe('ar');
      expect(await predefinedPostings(sql)).toEqual([
        { role: 'Data Scientist', detected_language: 'en', created_by: null },
        { role: 'Data Scientist', detected_language: 'ar', created_by: null },
      ]);
    });

    it('creates one posting when several people pick the same role at once', async () => {
      const replies = await Promise.all(
        Array.from({ length: 5 }, () =>
          requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'Product Manager', requestedBy: LEARNER }),
        ),
      );
      const ids = new Set(replies.map((reply) => generateDemoJobReplySchema.parse(reply.response).jobDescription.id));
      expect(ids.size).toBe(1);
      expect((await predefinedPostings(sql)).filter((row) => row.role === 'Product Manager')).toHaveLength(1);
    });

    it('answers 503 and stores nothing when svc-ai does not answer', async () => {
      skillExtractor.behaviour = 'silent';
      const reply = await requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'DevOps Engineer', requestedBy: LEARNER });
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 503, message: 'The skill extractor is unavailable' });
      expect((await predefinedPostings(sql)).filter((row) => row.role === 'DevOps Engineer')).toEqual([]);
    });

    it('refuses a role that is not one of the 15', async () => {
      const reply = await requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'Astronaut', requestedBy: LEARNER });
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message: 'jobRole: No Job Role Selected' });
    });

    it('lets the database itself refuse a second posting of a role in one language', async () => {
      await expect(
        sql.query(
          `INSERT INTO jobs.job_descriptions (title, content, source, detected_language)
           VALUES ('Copy', 'Copy', '{"kind":"predefined-role","role":"Data Scientist"}', 'en')`,
        ),
      ).rejects.toThrow(/job_descriptions_predefined_role_language_key/);
    });
  });

  describe('seeding the English postings at boot', () => {
    let database: FreshDatabase;
    let sql: Client;
    const apps: INestMicroservice[] = [];

    beforeAll(async () => {
      database = await createFreshDatabase('jobs_seed');
      sql = new Client({ connectionString: database.url });
      await sql.connect();
    });

    afterAll(async () => {
      await sql?.end();
      for (const app of apps) {
        await app.close();
      }
      await database?.drop();
    });

    it('serves at once while svc-ai is away, retries, and seeds every role once svc-ai answers', async () => {
      skillExtractor.behaviour = 'silent';
      const app = await bootstrap(environment(database.url, true));
      apps.push(app);

      const health = await requestOverNats(nats, healthSubjectOf('jobs'), {});
      expect(serviceHealthReplySchema.parse(health.response).status).toBe('up');

      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await predefinedPostings(sql)).toEqual([]);
      // The same role, asked again after back-off.
      expect(skillExtractor.requests.length).toBeGreaterThanOrEqual(2);
      expect(new Set(skillExtractor.requests.map(({ request }) => request.text)).size).toBe(1);

      skillExtractor.behaviour = 'answer';
      await within(app.get(PredefinedRoleSeeder).whenSeeded(), 20_000, 'seeding');
      const postings = await predefinedPostings(sql);
      expect(postings.map((row) => row.role).sort()).toEqual([...PREDEFINED_JOB_ROLES].sort());
      expect(postings.every((row) => row.detected_language === 'en' && row.created_by === null)).toBe(true);
    });

    it('asks svc-ai nothing more on a restart: every posting is already there', async () => {
      const requestsBefore = skillExtractor.requests.length;
      const restarted = await bootstrap(environment(database.url, true));
      apps.push(restarted);
      await within(restarted.get(PredefinedRoleSeeder).whenSeeded(), 20_000, 'seeding on restart');
      expect(skillExtractor.requests.length).toBe(requestsBefore);
      expect(await predefinedPostings(sql)).toHaveLength(PREDEFINED_JOB_ROLES.length);
    });

    it('seeds each role once when two instances start together on an empty database', async () => {
      const second = await createFreshDatabase('jobs_seed_race');
      const racing = await Promise.all([bootstrap(environment(second.url, true)), bootstrap(environment(second.url, true))]);
      const raceSql = new Client({ connectionString: second.url });
      try {
        await within(Promise.all(racing.map((app) => app.get(PredefinedRoleSeeder).whenSeeded())), 20_000, 'racing seeders');
        await raceSql.connect();
        const postings = await predefinedPostings(raceSql);
        expect(postings.map((row) => row.role).sort()).toEqual([...PREDEFINED_JOB_ROLES].sort());
      } finally {
        await raceSql.end();
        for (const app of racing) {
          await app.close();
        }
        await second.drop();
      }
    });
  });
});
