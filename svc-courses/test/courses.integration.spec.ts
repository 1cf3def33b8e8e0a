import {
  COURSES_SUBJECTS,
  courseListSchema,
  deleteCourseReplySchema,
  errorReplySchema,
  EVENT_SUBJECTS,
  healthSubjectOf,
  serviceHealthReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { bootstrap } from '../src/main';
import { readEventsSince } from '@masar/contracts/events-stream';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, LogCapture, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Inserted oldest first; titles chosen so a `%` or `_` treated as a wildcard would match too much. */
const COURSES = [
  { title: 'SQL for Analysts', createdAt: '2026-03-01T08:00:00Z' },
  { title: 'Advanced sql Tuning', createdAt: '2026-03-02T08:00:00Z' },
  { title: 'Negotiation: Win 100% of Deals', createdAt: '2026-03-03T08:00:00Z' },
  { title: 'Python_Basics', createdAt: '2026-03-04T08:00:00Z' },
  { title: 'Python Basics', createdAt: '2026-03-05T08:00:00Z' },
  { title: 'أساسيات القيادة', createdAt: '2026-03-06T08:00:00Z' },
];

describe('svc-courses on real NATS and Postgres', () => {
  const logs = new LogCapture();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses');
    // The catalog seeding has its own test; here the list must hold only the rows this file inserts.
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'info', SEED_COURSE_CATALOG: 'false' }, logs);
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

  async function listCourses(query: Record<string, unknown>, requestId = 'it-courses-list') {
    return requestOverNats(nats, COURSES_SUBJECTS.LIST_COURSES, query, requestId);
  }

  function titlesOf(response: unknown): string[] {
    return courseListSchema.parse(response).items.map((item) => item.title);
  }

  async function insertCourse(title: string, createdAt: string): Promise<string> {
    const inserted = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses
         (title, description, duration, format, department_owner, color, abbreviation, prerequisites, created_at, updated_at,
          status, published_at)
       VALUES ($1, $2, '6 weeks', 'Online', 'Learning & Development', 'green', 'CRS', $3, $4, $4, 'published', $4)
       RETURNING id`,
      [title, `All about ${title}.`, ['Curiosity'], createdAt],
    );
    return inserted.rows[0].id;
  }

  it('ran its migrations into its own schema before serving, migrations table included', async () => {
    const tables = await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'courses' ORDER BY table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'agent_tasks',
      'courses',
      'event_outbox',
      'exercise_submissions',
      'lesson_search_vectors',
      'lessons',
      'migrations',
      'modules',
      'quality_findings',
      'quality_reviews',
      'quiz_attempts',
      'search_index_state',
      'search_passages',
      'search_words',
    ]);

    const migrations = await sql.query<{ name: string }>('SELECT name FROM courses.migrations');
    expect(migrations.rows.map((row) => row.name)).toEqual([
      'CreateCatalog1795313700000',
      'ExtendCatalog1795400000000',
      'AddCourseAuthoring1795500000000',
      'SpeedUpCatalogReads1795600000000',
      'AgentTasks1795700000000',
      'QualityReviews1795710000000',
      'LessonEnhancements1795720000000',
      'LessonSearchVectors1795730000000',
      'AiGovernance1795750000000',
      'SearchPassages1796000000000',
      'SearchIndexVersion1796100000000',
      'LessonPractice1796200000000',
      'CoursePublishing1796300000000',
      'LessonVideo1796310000000',
      'CourseNarrationTasks1796330000000',
      'ExerciseSubmissionFiles1796400000000',
      'OutboxEvents1796880000001',
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

  it('deletes a course together with its modules and their lessons', async () => {
    const courseId = await insertCourse('Course To Delete', '2025-01-01T00:00:00Z');
    const module = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description)
       VALUES ($1, 0, 'Getting started', 'The basics.') RETURNING id`,
      [courseId],
    );
    await sql.query(
      `INSERT INTO courses.lessons (module_id, position, title, duration, type, content, key_points, activities)
       VALUES ($1, 0, 'Welcome', '10 min', 'reading', 'Hello.', $2, $3)`,
      [module.rows[0].id, ['Why it matters'], ['Write one goal']],
    );

    await sql.query('DELETE FROM courses.courses WHERE id = $1', [courseId]);

    const left = await sql.query<{ modules: string; lessons: string }>(
      `SELECT (SELECT count(*) FROM courses.modules) AS modules, (SELECT count(*) FROM courses.lessons) AS lessons`,
    );
    expect(left.rows[0]).toEqual({ modules: '0', lessons: '0' });
  });

  it('tells the other services on the events stream when a course is deleted over NATS, Arabic title included', async () => {
    const since = new Date().toISOString();
    const courseId = await insertCourse('Leadership Essentials', '2025-01-02T00:00:00Z');
    await sql.query('UPDATE courses.courses SET title_ar = $2 WHERE id = $1', [courseId, 'أساسيات القيادة للمديرين']);

    const reply = await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: courseId });
    expect(deleteCourseReplySchema.parse(reply.response)).toEqual({ id: courseId, modulesDeleted: 0, lessonsDeleted: 0 });

    const deleted = await readEventsSince(nats, EVENT_SUBJECTS.COURSE_DELETED, since);
    expect(deleted.filter((event) => event.courseId === courseId)).toEqual([
      {
        courseId,
        title: 'Leadership Essentials',
        titleAr: 'أساسيات القيادة للمديرين',
        deletedBy: null,
        occurredAt: expect.any(String),
      },
    ]);
  });

  it('answers its health subject with Postgres up', async () => {
    const reply = await requestOverNats(nats, healthSubjectOf('courses'), {}, 'it-courses-health');
    const health = serviceHealthReplySchema.parse(reply.response);
    expect(health).toMatchObject({ service: 'courses', status: 'up', checks: { postgres: 'up' } });
  });

  describe('listing courses', () => {
    beforeAll(async () => {
      for (const course of COURSES) {
        await insertCourse(course.title, course.createdAt);
      }
    });

    it('lists newest first in the contract shape', async () => {
      const reply = await listCourses({});
      const list = courseListSchema.parse(reply.response);
      expect(list.items.map((item) => item.title)).toEqual(COURSES.map((course) => course.title).reverse());
      expect(list).toMatchObject({ total: 6, page: 1, pageSize: 20 });
      expect(list.items[0]).toEqual({
        id: expect.any(String),
        title: 'أساسيات القيادة',
        description: 'All about أساسيات القيادة.',
        duration: '6 weeks',
        format: 'Online',
        departmentOwner: 'Learning & Development',
        color: 'green',
        abbreviation: 'CRS',
        imageUrl: null,
        createdAt: '2026-03-06T08:00:00.000Z',
        updatedAt: '2026-03-06T08:00:00.000Z',
        titleAr: null,
        descriptionAr: null,
        objective: null,
        skills: [],
        level: null,
        category: null,
        language: 'en',
        kind: 'internal',
        provider: null,
        url: null,
        estimatedHours: null,
        status: 'published',
        publishedAt: '2026-03-06T08:00:00.000Z',
      });
    });

    it('filters titles case-insensitively', async () => {
      expect(titlesOf((await listCourses({ q: 'SQL' })).response)).toEqual(['Advanced sql Tuning', 'SQL for Analysts']);
      expect(titlesOf((await listCourses({ q: 'القيادة' })).response)).toEqual(['أساسيات القيادة']);
    });

    it('matches % and _ in q literally, not as wildcards', async () => {
      expect(titlesOf((await listCourses({ q: '%' })).response)).toEqual(['Negotiation: Win 100% of Deals']);
      expect(titlesOf((await listCourses({ q: 'python_' })).response)).toEqual(['Python_Basics']);
    });

    it('pages through the list with the total of every match', async () => {
      const list = courseListSchema.parse((await listCourses({ page: 3, pageSize: 2 })).response);
      expect(list.items.map((item) => item.title)).toEqual(['Advanced sql Tuning', 'SQL for Analysts']);
      expect(list).toMatchObject({ total: 6, page: 3, pageSize: 2 });

      const filtered = courseListSchema.parse((await listCourses({ q: 'python', pageSize: 1 })).response);
      expect(filtered.items).toHaveLength(1);
      expect(filtered.total).toBe(2);
    });

    it('answers 400 naming the field when the query is invalid', async () => {
      const reply = await listCourses({ pageSize: 1000 }, 'it-courses-bad-query');
      expect(reply.response).toBeUndefined();
      const error = errorReplySchema.parse(reply.err);
      expect(error.statusCode).toBe(400);
      expect(error.message).toMatch(/^pageSize: /);
    });
  });

  it('answers an unexpected failure with a 500 ErrorReply that hides the internals', async () => {
    await sql.query('ALTER TABLE courses.courses RENAME TO courses_elsewhere');
    try {
      const reply = await listCourses({}, 'it-courses-broken');
      expect(reply).toEqual({ err: { statusCode: 500, message: 'The courses service failed to handle the request' } });
    } finally {
      await sql.query('ALTER TABLE courses.courses_elsewhere RENAME TO courses');
    }
  });

  it('logs one structured line per handled message, carrying the request id from the headers', () => {
    const handled = logs.lines.filter((line) => typeof line.subject === 'string');
    expect(handled.find((line) => line.requestId === 'it-courses-health')).toEqual(
      expect.objectContaining({
        service: 'svc-courses',
        subject: 'courses.health',
        outcome: 'ok',
        durationMs: expect.any(Number),
      }),
    );
    expect(handled.filter((line) => line.requestId === 'it-courses-bad-query')).toEqual([
      expect.objectContaining({
        service: 'svc-courses',
        subject: COURSES_SUBJECTS.LIST_COURSES,
        outcome: 'error',
        statusCode: 400,
        durationMs: expect.any(Number),
      }),
    ]);
    expect(handled.find((line) => line.requestId === 'it-courses-broken')).toMatchObject({
      level: 50,
      outcome: 'error',
      statusCode: 500,
      err: expect.objectContaining({ message: expect.stringContaining('courses') }),
    });
  });
});
