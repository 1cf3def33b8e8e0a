import {
  COURSES_SUBJECTS,
  courseDetailSchema,
  courseListSchema,
  deleteCourseReplySchema,
  errorReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { CatalogSeeder } from '../src/catalog/catalog-seed';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { BUILT_IN_SEED_DIR } from '../src/config';
import { coursesDataSourceOptions, runCoursesMigrations } from '../src/database/data-source';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, LogCapture, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const FIXTURE_SEED_DIR = join(__dirname, 'fixtures', 'seed-data');
const FIXTURE_SLUGS = [
  'aws-cloud-practitioner-essentials',
  'google-data-analytics-certificate',
  'professional-scrum-master-i',
  'sql-for-reporting',
  'team-leadership-basics',
];

async function countRows(sql: Client): Promise<{ courses: number; modules: number; lessons: number }> {
  const counts = await sql.query<{ courses: string; modules: string; lessons: string }>(
    `SELECT (SELECT count(*) FROM courses.courses) AS courses,
            (SELECT count(*) FROM courses.modules) AS modules,
            (SELECT count(*) FROM courses.lessons) AS lessons`,
  );
  const row = counts.rows[0];
  return { courses: Number(row.courses), modules: Number(row.modules), lessons: Number(row.lessons) };
}

describe('seeding the course catalog', () => {
  const logs = new LogCapture();
  let database: FreshDatabase;
  let sql: Client;
  const dataSources: DataSource[] = [];

  async function seederOn(): Promise<CatalogSeeder> {
    const dataSource = new DataSource(coursesDataSourceOptions(database.url));
    await dataSource.initialize();
    dataSources.push(dataSource);
    return new CatalogSeeder(dataSource, pino({ level: 'info' }, logs));
  }

  beforeAll(async () => {
    database = await createFreshDatabase('catalog_seed');
    await runCoursesMigrations(database.url);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await Promise.all(dataSources.map((dataSource) => dataSource.destroy()));
    await database?.drop();
  });

  it('creates every valid course with its modules and lessons, and skips a bad file naming it in the log', async () => {
    const report = await (await seederOn()).seedFrom(FIXTURE_SEED_DIR);
    expect([...report.created].sort()).toEqual(FIXTURE_SLUGS);
    expect(report).toMatchObject({ alreadyPresent: 0, failed: [] });
    expect(await countRows(sql)).toEqual({ courses: 5, modules: 3, lessons: 7 });

    const lessons = await sql.query<{ module: string; position: number; title: string; type: string; key_points: string[] }>(
      `SELECT m.title AS module, l.position, l.title, l.type, l.key_points
         FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id
         JOIN courses.courses c ON c.id = m.course_id
        WHERE c.seed_key = 'sql-for-reporting' ORDER BY m.position, l.position`,
    );
    expect(lessons.rows.map((row) => `${row.module}/${row.position}:${row.type}`)).toEqual([
      'Reading tables/0:reading',
      'Reading tables/1:quiz',
      'Combining tables/0:video',
      'Combining tables/1:exercise',
      'Combining tables/2:quiz',
    ]);
    expect(lessons.rows[0].key_points).toEqual(['SELECT picks columns', 'WHERE filters rows']);

    const external = await sql.query(
      `SELECT kind, provider, url, department_owner, estimated_hours, level, title_ar
         FROM courses.courses WHERE seed_key = 'professional-scrum-master-i'`,
    );
    expect(external.rows[0]).toEqual({
      kind: 'external',
      provider: 'Scrum.org',
      url: 'https://www.scrum.org/assessments/professional-scrum-master-i-certification',
      department_owner: 'Scrum.org',
      estimated_hours: '16.0',
      level: 'advanced',
      title_ar: 'سكرم ماستر المحترف I',
    });

    const warning = logs.lines.find((line) => line.file === 'internal/broken-course.json');
    expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('internal/broken-course.json') });
    expect(warning?.problem).toEqual(expect.stringContaining('level: '));
  });

  it('creates nothing new when run again', async () => {
    const report = await (await seederOn()).seedFrom(FIXTURE_SEED_DIR);
    expect(report).toMatchObject({ created: [], alreadyPresent: 5, failed: [] });
    expect(await countRows(sql)).toEqual({ courses: 5, modules: 3, lessons: 7 });
  });

  it('creates each course once when two seeders start together', async () => {
    await sql.query('DELETE FROM courses.courses');
    const [first, second] = await Promise.all([seederOn(), seederOn()]);
    const reports = await Promise.all([first.seedFrom(FIXTURE_SEED_DIR), second.seedFrom(FIXTURE_SEED_DIR)]);

    const created = reports.flatMap((report) => report.created).sort();
    expect(created).toEqual(FIXTURE_SLUGS);
    expect(reports.flatMap((report) => report.failed)).toEqual([]);
    expect(await countRows(sql)).toEqual({ courses: 5, modules: 3, lessons: 7 });
  });

  it("stores the language a course is written in: an Arabic seed course is 'ar', with its Arabic title as both titles", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'masar-arabic-seed-'));
    try {
      mkdirSync(join(folder, 'internal'));
      const file = 'workplace-safety-and-occupational-health.json';
      copyFileSync(join(BUILT_IN_SEED_DIR, 'internal', file), join(folder, 'internal', file));
      const report = await (await seederOn()).seedFrom(folder);
      expect(report).toMatchObject({ created: ['workplace-safety-and-occupational-health'], failed: [], invalidFiles: [] });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const stored = await sql.query<{ seed_key: string; language: string; title: string; title_ar: string; lessons: string }>(
      `SELECT c.seed_key, c.language, c.title, c.title_ar,
              (SELECT count(*) FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id WHERE m.course_id = c.id) AS lessons
         FROM courses.courses c WHERE c.kind = 'internal' ORDER BY c.seed_key`,
    );
    expect(stored.rows).toEqual([
      expect.objectContaining({ seed_key: 'sql-for-reporting', language: 'en' }),
      expect.objectContaining({ seed_key: 'team-leadership-basics', language: 'en' }),
      {
        seed_key: 'workplace-safety-and-occupational-health',
        language: 'ar',
        title: 'السلامة والصحة المهنية في بيئة العمل',
        title_ar: 'السلامة والصحة المهنية في بيئة العمل',
        lessons: '9',
      },
    ]);
  });
});

describe('svc-courses serving a seeded catalog', () => {
  const logs = new LogCapture();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('catalog');
    app = await bootstrap(
      { NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'info', COURSE_CATALOG_SEED_DIR: FIXTURE_SEED_DIR },
      logs,
    );
    await app.get(CatalogSeedRunner).whenSeeded();
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

  async function listSlugsWith(query: Record<string, unknown>): Promise<string[]> {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.LIST_COURSES, query);
    const list = courseListSchema.parse(reply.response);
    const titles = await sql.query<{ seed_key: string; title: string }>('SELECT seed_key, title FROM courses.courses');
    const slugOf = new Map(titles.rows.map((row) => [row.title, row.seed_key]));
    return list.items.map((item) => slugOf.get(item.title) as string).sort();
  }

  it('seeds the catalog in the background at boot, logging what it did', () => {
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ msg: 'course catalog seeded', created: 5, alreadyPresent: 0, invalidFiles: 1 }),
    );
  });

  it('lists the new fields in each summary', async () => {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.LIST_COURSES, { kind: 'internal', level: 'beginner' });
    const list = courseListSchema.parse(reply.response);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      title: 'SQL for Reporting',
      titleAr: 'لغة SQL لإعداد التقارير',
      objective: 'Write SELECT queries with joins and grouping for a weekly sales report.',
      skills: ['SQL', 'Data Analysis'],
      level: 'beginner',
      category: 'Data Analysis',
      language: 'en',
      kind: 'internal',
      provider: null,
      url: null,
      estimatedHours: 6.5,
    });
  });

  it('filters by skill ignoring case, and by category, level and kind', async () => {
    expect(await listSlugsWith({ skill: 'sql' })).toEqual(['google-data-analytics-certificate', 'sql-for-reporting']);
    expect(await listSlugsWith({ skill: 'DATA ANALYSIS', kind: 'external' })).toEqual(['google-data-analytics-certificate']);
    expect(await listSlugsWith({ skill: 'Data' })).toEqual([]);
    expect(await listSlugsWith({ category: 'Leadership' })).toEqual(['team-leadership-basics']);
    expect(await listSlugsWith({ level: 'advanced' })).toEqual(['professional-scrum-master-i']);
    expect(await listSlugsWith({ kind: 'external' })).toEqual([
      'aws-cloud-practitioner-essentials',
      'google-data-analytics-certificate',
      'professional-scrum-master-i',
    ]);
    expect(await listSlugsWith({ q: 'sql', skill: 'Data Analysis' })).toEqual(['sql-for-reporting']);
  });

  it('pages a filtered list with the total of every match', async () => {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.LIST_COURSES, { kind: 'external', pageSize: 2, page: 2 });
    expect(courseListSchema.parse(reply.response)).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [expect.anything()] });
  });

  it('answers 400 for a level that does not exist', async () => {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.LIST_COURSES, { level: 'expert' });
    expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message: 'level: Invalid input' });
  });

  async function courseIdOf(slug: string): Promise<string> {
    const row = await sql.query<{ id: string }>('SELECT id FROM courses.courses WHERE seed_key = $1', [slug]);
    return row.rows[0].id;
  }

  it('returns a course with its modules and lessons in order', async () => {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: await courseIdOf('sql-for-reporting') });
    const course = courseDetailSchema.parse(reply.response);
    expect(course.prerequisites).toEqual(['Spreadsheet basics']);
    expect(course.modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.title)])).toEqual([
      ['Reading tables', ['Your first SELECT', 'Check: reading tables']],
      ['Combining tables', ['Joins', 'Grouping totals', 'Check: combining tables']],
    ]);
    expect(course.modules[1].lessons[1]).toMatchObject({ type: 'exercise', keyPoints: [], activities: ['Build the weekly report'] });
  });

  it('answers 404 for a course that does not exist and 400 for an id that is not one', async () => {
    const missing = await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.err).toEqual({ statusCode: 404, message: 'Course not found' });
    const bad = await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: 'nope' });
    expect(bad.err).toEqual({ statusCode: 400, message: 'id: Invalid course id' });
  });

  it('deletes nothing when removing a lesson fails part way: one transaction', async () => {
    const courseId = await courseIdOf('sql-for-reporting');
    await sql.query(`
      CREATE FUNCTION courses.refuse_quiz_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.type = 'quiz' THEN RAISE EXCEPTION 'quiz lessons are protected for this test'; END IF;
        RETURN OLD;
      END $$`);
    await sql.query(
      'CREATE TRIGGER refuse_quiz_delete BEFORE DELETE ON courses.lessons FOR EACH ROW EXECUTE FUNCTION courses.refuse_quiz_delete()',
    );
    try {
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: courseId });
      expect(errorReplySchema.parse(reply.err).statusCode).toBe(500);
      expect(await countRows(sql)).toEqual({ courses: 5, modules: 3, lessons: 7 });
    } finally {
      await sql.query('DROP TRIGGER refuse_quiz_delete ON courses.lessons');
      await sql.query('DROP FUNCTION courses.refuse_quiz_delete()');
    }
  });

  it('deletes a course with its modules and lessons, then answers 404 for it', async () => {
    const courseId = await courseIdOf('sql-for-reporting');
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: courseId });
    expect(deleteCourseReplySchema.parse(reply.response)).toEqual({ id: courseId, modulesDeleted: 2, lessonsDeleted: 5 });
    expect(await countRows(sql)).toEqual({ courses: 4, modules: 1, lessons: 2 });

    const again = await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: courseId });
    expect(again.err).toEqual({ statusCode: 404, message: 'Course not found' });
  });
});
