import {
  type Caller,
  errorReplySchema,
  generateDemoJobReplySchema,
  healthSubjectOf,
  jobDescriptionListSchema,
  JOBS_SUBJECTS,
  PREDEFINED_JOB_ROLES,
  serviceHealthReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { JOBS_SCHEMA, jobsDataSourceOptions } from '../src/database/data-source';
import { CreateJobDescriptions1795313700000 } from '../src/database/migrations/1795313700000-create-job-descriptions';
import { AddReviewedSkillsAndPredefinedRoles1795400000000 } from '../src/database/migrations/1795400000000-add-reviewed-skills-and-predefined-roles';
import { bootstrap } from '../src/main';
import { loadPredefinedRoleCatalog } from '../src/predefined-roles/predefined-role-catalog';
import { PredefinedRoleSeeder } from '../src/predefined-roles/predefined-role-seeder';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, pollUntil, requestOverNats } from '@masar/contracts/service-kit/testing';
import { SkillExtractorStandIn } from './support/skill-extractor-stand-in';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';
const OTHER_LEARNER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AS_LEARNER: Caller = { id: LEARNER, role: 'learner' };
const AS_OTHER_LEARNER: Caller = { id: OTHER_LEARNER, role: 'learner' };
const AS_ADMIN: Caller = { id: '6f9d3a52-1c2b-4c1e-9d7a-0b5e8f1a2c3d', role: 'admin' };
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

/** The roles' templates: the stored postings nobody owns. */
async function predefinedTemplates(sql: Client) {
  const result = await sql.query<{ role: string; detected_language: string; created_by: string | null }>(
    `SELECT source ->> 'role' AS role, detected_language, created_by FROM jobs.job_descriptions
      WHERE source ->> 'kind' = 'predefined-role' AND created_by IS NULL ORDER BY role, detected_language`,
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
    skillExtractor = await SkillExtractorStandIn.start();
    nats = await connectToNatsAs('gateway');
  });

  afterAll(async () => {
    await nats?.drain();
    await skillExtractor?.stop();
  });

  beforeEach(() => {
    skillExtractor.behaviour = 'answer';
    skillExtractor.requests.length = 0;
  });

  describe('picking a role: a read-only template, and each learner’s own copy', () => {
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

    function pick(caller: Caller, body: Record<string, unknown>) {
      return requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, body, undefined, caller);
    }

    async function picked(caller: Caller, body: Record<string, unknown>) {
      return generateDemoJobReplySchema.parse((await pick(caller, body)).response);
    }

    async function template(role: string, language = 'en') {
      const result = await sql.query<{ id: string; reviewed_skills: unknown }>(
        `SELECT id, reviewed_skills FROM jobs.job_descriptions
          WHERE source ->> 'role' = $1 AND detected_language = $2 AND created_by IS NULL`,
        [role, language],
      );
      expect(result.rows).toHaveLength(1);
      return result.rows[0];
    }

    it('stores the role’s English template once, and gives the learner their own job description copied from it', async () => {
      const first = await picked(AS_LEARNER, { jobRole: 'Data Scientist' });
      const posting = catalog.get('Data Scientist')!.en;
      expect(first.title).toBe('Data Scientist');
      expect(first.extractedSkills).toEqual(first.jobDescription.extractedSkills);
      expect(first.extractedSkills.map((skill) => skill.name)).toContain('Python');
      expect(first.jobDescription).toMatchObject({
        title: 'Data Scientist',
        content: posting.content.trim(),
        source: { kind: 'predefined-role', role: 'Data Scientist' },
        detectedLanguage: 'en',
        createdBy: LEARNER,
        reviewedSkills: null,
      });
      expect(skillExtractor.requests.map(({ request }) => request)).toEqual([{ text: posting.content.trim(), language: 'en', title: 'Data Scientist' }]);
      // The role's shared posting is Masar's own work: svc-ai is told of no person.
      expect(skillExtractor.requests.map(({ caller }) => caller)).toEqual([null]);
      const stored = await template('Data Scientist');
      expect(stored.id).not.toBe(first.jobDescription.id);

      const again = await picked(AS_LEARNER, { jobRole: 'Data Scientist', requestedBy: OTHER_LEARNER });
      expect(again.jobDescription).toEqual(first.jobDescription);
      expect(skillExtractor.requests).toHaveLength(1);
    });

    it('keeps each learner’s review of the same role their own, and the template pristine', async () => {
      const mine = (await picked(AS_LEARNER, { jobRole: 'Data Scientist' })).jobDescription;
      const theirs = (await picked(AS_OTHER_LEARNER, { jobRole: 'Data Scientist' })).jobDescription;
      expect(theirs.id).not.toBe(mine.id);
      expect(theirs).toMatchObject({ createdBy: OTHER_LEARNER, reviewedSkills: null, extractedSkills: mine.extractedSkills });

      const [firstSkill, secondSkill] = mine.extractedSkills.map((skill) => skill.name);
      const review = (caller: Caller, id: string, approvedSkills: string[]) =>
        requestOverNats(nats, JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, { id, review: { approvedSkills } }, undefined, caller);
      await review(AS_LEARNER, mine.id, [firstSkill]);
      await review(AS_OTHER_LEARNER, theirs.id, [secondSkill]);

      const mineAgain = (await picked(AS_LEARNER, { jobRole: 'Data Scientist' })).jobDescription;
      const theirsAgain = (await picked(AS_OTHER_LEARNER, { jobRole: 'Data Scientist' })).jobDescription;
      expect(mineAgain.id).toBe(mine.id);
      expect(mineAgain.reviewedSkills).toMatchObject({ approved: [{ name: firstSkill }], reviewedBy: LEARNER });
      expect(theirsAgain.reviewedSkills).toMatchObject({ approved: [{ name: secondSkill }], reviewedBy: OTHER_LEARNER });
      expect((await template('Data Scientist')).reviewed_skills).toBeNull();

      // Neither learner can reach the other's copy.
      const other = await requestOverNats(nats, JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id: mine.id }, undefined, AS_OTHER_LEARNER);
      expect(errorReplySchema.parse(other.err)).toEqual({ statusCode: 404, message: 'Job description not found' });
    });

    it('never lists, reads, reviews or deletes the template as somebody’s job description, not even for an admin', async () => {
      const { id } = await template('Data Scientist');
      const notFound = { statusCode: 404, message: 'Job description not found' };
      for (const caller of [AS_LEARNER, AS_ADMIN]) {
        const read = await requestOverNats(nats, JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id }, undefined, caller);
        expect(errorReplySchema.parse(read.err)).toEqual(notFound);
        const reviewed = await requestOverNats(
          nats,
          JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS,
          { id, review: { approvedSkills: ['Python'] } },
          undefined,
          caller,
        );
        expect(errorReplySchema.parse(reviewed.err)).toEqual(notFound);
        const deleted = await requestOverNats(nats, JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION, { id }, undefined, caller);
        expect(errorReplySchema.parse(deleted.err)).toEqual(notFound);
      }
      const everybody = jobDescriptionListSchema.parse(
        (await requestOverNats(nats, JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, { pageSize: 100 }, undefined, AS_ADMIN)).response,
      );
      expect(everybody.items.map((item) => item.id)).not.toContain(id);
      expect(everybody.items.length).toBeGreaterThanOrEqual(2);
      expect(await template('Data Scientist')).toEqual({ id, reviewed_skills: null });
    });

    it('keeps a separate Arabic template and copy of the role, titled in Arabic', async () => {
      const reply = await picked(AS_LEARNER, { jobRole: 'Data Scientist', language: 'ar' });
      expect(reply.title).toBe(catalog.get('Data Scientist')!.ar.title);
      expect(reply.jobDescription).toMatchObject({
        detectedLanguage: 'ar',
        source: { kind: 'predefined-role', role: 'Data Scientist' },
        createdBy: LEARNER,
      });
      expect(skillExtractor.requests[0].request.language).toBe('ar');
      expect(await predefinedTemplates(sql)).toEqual([
        { role: 'Data Scientist', detected_language: 'en', created_by: null },
        { role: 'Data Scientist', detected_language: 'ar', created_by: null },
      ]);
    });

    it('creates one template when several people pick the same role at once, and one copy per learner', async () => {
      const callers = [AS_LEARNER, AS_LEARNER, AS_LEARNER, AS_OTHER_LEARNER, AS_OTHER_LEARNER];
      const replies = await Promise.all(callers.map((caller) => pick(caller, { jobRole: 'Product Manager' })));
      const ids = replies.map((reply) => generateDemoJobReplySchema.parse(reply.response).jobDescription.id);
      expect(new Set(ids.slice(0, 3)).size).toBe(1);
      expect(new Set(ids.slice(3)).size).toBe(1);
      expect(ids[0]).not.toBe(ids[3]);
      expect((await predefinedTemplates(sql)).filter((row) => row.role === 'Product Manager')).toHaveLength(1);
    });

    it('answers 503 and stores nothing when svc-ai does not answer', async () => {
      skillExtractor.behaviour = 'silent';
      const reply = await pick(AS_LEARNER, { jobRole: 'DevOps Engineer' });
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 503, message: 'The skill extractor is unavailable' });
      const rows = await sql.query(`SELECT 1 FROM jobs.job_descriptions WHERE source ->> 'role' = 'DevOps Engineer'`);
      expect(rows.rowCount).toBe(0);
    });

    it('refuses a role that is not one of the 15, and a message naming no caller', async () => {
      const reply = await pick(AS_LEARNER, { jobRole: 'Astronaut' });
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message: 'jobRole: No Job Role Selected' });
      const anonymous = await requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'Data Scientist' });
      expect(errorReplySchema.parse(anonymous.err).statusCode).toBe(401);
    });

    it('lets the database itself refuse a second template, a second copy for one learner, and a reviewed template', async () => {
      const insert = (createdBy: string | null, reviewed: string | null) =>
        sql.query(
          `INSERT INTO jobs.job_descriptions (title, content, source, detected_language, created_by, reviewed_skills)
           VALUES ('Copy', 'Copy', '{"kind":"predefined-role","role":"Data Scientist"}', 'en', $1, $2)`,
          [createdBy, reviewed],
        );
      await expect(insert(null, null)).rejects.toThrow(/job_descriptions_predefined_role_template_key/);
      await expect(insert(LEARNER, null)).rejects.toThrow(/job_descriptions_predefined_role_copy_key/);
      await expect(
        sql.query(`UPDATE jobs.job_descriptions SET reviewed_skills = '{}' WHERE created_by IS NULL`),
      ).rejects.toThrow(/job_descriptions_template_unreviewed_check/);
    });
  });

  describe('migrating the shared rows of a database from before own copies', () => {
    it('gives a reviewed shared row to its reviewer and puts a pristine template in its place', async () => {
      const database = await createFreshDatabase('jobs_roles_migration');
      const sql = new Client({ connectionString: database.url });
      let app: INestMicroservice | undefined;
      try {
        const options = jobsDataSourceOptions(database.url);
        const before = new DataSource({
          ...options,
          migrations: [CreateJobDescriptions1795313700000, AddReviewedSkillsAndPredefinedRoles1795400000000],
        });
        await before.initialize();
        await before.query(`CREATE SCHEMA IF NOT EXISTS "${JOBS_SCHEMA}"`);
        await before.runMigrations();
        const review = { approved: [], notApproved: [], removed: [], custom: [], reviewedBy: LEARNER, reviewedAt: '2026-11-01T10:00:00.000Z' };
        const [reviewed] = await before.query(
          `INSERT INTO jobs.job_descriptions (title, content, source, detected_language, extracted_skills, reviewed_skills)
           VALUES ('Data Scientist', 'Python and statistics.', '{"kind":"predefined-role","role":"Data Scientist"}', 'en', '[]', $1)
           RETURNING id`,
          [JSON.stringify(review)],
        );
        await before.query(
          `INSERT INTO jobs.job_descriptions (title, content, source, detected_language, extracted_skills)
           VALUES ('Product Manager', 'Roadmaps.', '{"kind":"predefined-role","role":"Product Manager"}', 'en', '[]')`,
        );
        await before.destroy();

        app = await bootstrap(environment(database.url, false));
        await sql.connect();
        const rows = await sql.query(
          `SELECT id, source ->> 'role' AS role, created_by, reviewed_skills IS NOT NULL AS reviewed
             FROM jobs.job_descriptions ORDER BY role, created_by NULLS FIRST`,
        );
        expect(rows.rows).toEqual([
          { id: expect.any(String), role: 'Data Scientist', created_by: null, reviewed: false },
          { id: reviewed.id, role: 'Data Scientist', created_by: LEARNER, reviewed: true },
          { id: expect.any(String), role: 'Product Manager', created_by: null, reviewed: false },
        ]);
        // The reviewer picks the role again: their review, under the id their learning path may name.
        const again = await requestOverNats(nats, JOBS_SUBJECTS.GENERATE_DEMO_JOB, { jobRole: 'Data Scientist' }, undefined, AS_LEARNER);
        expect(generateDemoJobReplySchema.parse(again.response).jobDescription).toMatchObject({
          id: reviewed.id,
          reviewedSkills: { reviewedBy: LEARNER },
        });
      } finally {
        await sql.end().catch(() => undefined);
        await app?.close();
        await database.drop();
      }
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

      // Our connection can ask before the NATS server has taken in the service's new subscription
      // ("no responders", seen once on a loaded machine): asking again within a second is "at once".
      const health = await pollUntil(
        () => requestOverNats(nats, healthSubjectOf('jobs'), {}).catch((error: { code?: string }) => {
          if (error.code === '503') return undefined;
          throw error;
        }),
        'svc-jobs to answer its health subject',
        1000,
      );
      expect(serviceHealthReplySchema.parse(health.response).status).toBe('up');

      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await predefinedTemplates(sql)).toEqual([]);
      // The same role, asked again after back-off.
      expect(skillExtractor.requests.length).toBeGreaterThanOrEqual(2);
      expect(new Set(skillExtractor.requests.map(({ request }) => request.text)).size).toBe(1);

      skillExtractor.behaviour = 'answer';
      await within(app.get(PredefinedRoleSeeder).whenSeeded(), 20_000, 'seeding');
      const postings = await predefinedTemplates(sql);
      expect(postings.map((row) => row.role).sort()).toEqual([...PREDEFINED_JOB_ROLES].sort());
      expect(postings.every((row) => row.detected_language === 'en' && row.created_by === null)).toBe(true);
    });

    it('asks svc-ai nothing more on a restart: every posting is already there', async () => {
      const requestsBefore = skillExtractor.requests.length;
      const restarted = await bootstrap(environment(database.url, true));
      apps.push(restarted);
      await within(restarted.get(PredefinedRoleSeeder).whenSeeded(), 20_000, 'seeding on restart');
      expect(skillExtractor.requests.length).toBe(requestsBefore);
      expect(await predefinedTemplates(sql)).toHaveLength(PREDEFINED_JOB_ROLES.length);
    });

    it('seeds each role once when two instances start together on an empty database', async () => {
      const second = await createFreshDatabase('jobs_seed_race');
      const racing = await Promise.all([bootstrap(environment(second.url, true)), bootstrap(environment(second.url, true))]);
      const raceSql = new Client({ connectionString: second.url });
      try {
        await within(Promise.all(racing.map((app) => app.get(PredefinedRoleSeeder).whenSeeded())), 20_000, 'racing seeders');
        await raceSql.connect();
        const postings = await predefinedTemplates(raceSql);
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
