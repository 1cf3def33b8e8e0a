import { healthSubjectOf, serviceHealthReplySchema } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { progressDataSourceOptions, PROGRESS_SCHEMA, runProgressMigrations } from '../src/database/data-source';
import { CreateLessonEvents1795313700000 } from '../src/database/migrations/1795313700000-create-lesson-events';
import { RecordLessonProgress1795500000000 } from '../src/database/migrations/1795500000000-record-lesson-progress';
import { CreateLearningPaths1795700000000 } from '../src/database/migrations/1795700000000-create-learning-paths';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, LogCapture, requestOverNats } from '@masar/contracts/service-kit/testing';
import { insertLessonEvent } from './support/lesson-events.factory';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('svc-progress on real NATS and Postgres', () => {
  const logs = new LogCapture();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('progress');
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'info' }, logs);
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

  it('ran its migrations into its own schema before serving, migrations table included', async () => {
    const tables = await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'progress' ORDER BY table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'activities',
      'applied_reports',
      'event_outbox',
      'learner_courses',
      'learner_skills',
      'learning_paths',
      'lesson_events',
      'lti_line_items',
      'lti_quiz_results',
      'mapped_skills',
      'migrations',
      'removed_courses',
    ]);

    const migrations = await sql.query<{ name: string }>('SELECT name FROM progress.migrations');
    expect(migrations.rows.map((row) => row.name)).toEqual([
      'CreateLessonEvents1795313700000',
      'RecordLessonProgress1795500000000',
      'CreateLearningPaths1795700000000',
      'TrackCoursesAndActivity1795800000000',
      'RememberRemovedCourses1795900000000',
      'FitPathsToTheYear1796700000000',
      'RememberLtiLineItems1796860000000',
      'OutboxEvents1796880000000',
      'RememberLtiQuizResults1796894000000',
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

  it('records lesson events of the two kinds only, stamped with the time they happened', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const inserted = await sql.query<{ kind: string; occurred_at: Date }>(
      `INSERT INTO progress.lesson_events (user_id, course_id, lesson_id, kind) VALUES ($1, $2, $3, 'completed')
       RETURNING kind, occurred_at`,
      ids,
    );
    expect(inserted.rows[0].kind).toBe('completed');
    expect(Date.now() - inserted.rows[0].occurred_at.getTime()).toBeLessThan(60_000);

    await expect(
      sql.query(
        `INSERT INTO progress.lesson_events (user_id, course_id, lesson_id, kind) VALUES ($1, $2, $3, 'skipped')`,
        ids,
      ),
    ).rejects.toThrow(/invalid input value for enum/);
  });

  it('keeps one event per learner, lesson and kind, and never a negative time', async () => {
    const event = { userId: randomUUID(), courseId: randomUUID(), lessonId: randomUUID(), kind: 'started' as const };
    await insertLessonEvent(sql, event);
    await expect(insertLessonEvent(sql, event)).rejects.toThrow(/lesson_events_user_lesson_kind_key/);
    await expect(insertLessonEvent(sql, { ...event, kind: 'completed', secondsSpent: -1 })).rejects.toThrow(
      /lesson_events_seconds_spent_check/,
    );
  });

  it('answers its health subject with Postgres up', async () => {
    const reply = await requestOverNats(nats, healthSubjectOf('progress'), {}, 'it-progress-health');
    const health = serviceHealthReplySchema.parse(reply.response);
    expect(health).toMatchObject({ service: 'progress', status: 'up', checks: { postgres: 'up' } });
  });

  it('logs one structured line per handled message, carrying the request id from the headers', () => {
    expect(logs.lines.filter((line) => line.requestId === 'it-progress-health')).toEqual([
      expect.objectContaining({
        service: 'svc-progress',
        subject: 'progress.health',
        outcome: 'ok',
        durationMs: expect.any(Number),
      }),
    ]);
  });
});

describe('the migration that makes recording idempotent', () => {
  let database: FreshDatabase;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('progress_dedupe');
    // The schema as the first migration left it, before lesson events were unique.
    const firstOnly = new DataSource({ ...progressDataSourceOptions(database.url), migrations: [CreateLessonEvents1795313700000] });
    await firstOnly.initialize();
    await firstOnly.query(`CREATE SCHEMA "${PROGRESS_SCHEMA}"`);
    await firstOnly.runMigrations();
    await firstOnly.destroy();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it('removes the events recorded twice, keeping the earliest, before the unique index is made', async () => {
    const learner = { userId: randomUUID(), courseId: randomUUID() };
    const [lessonA, lessonB] = [randomUUID(), randomUUID()];
    const at = (iso: string) => new Date(iso);
    // The table has no seconds_spent yet, so not the factory.
    const insertOldEvent = (lessonId: string, kind: string, occurredAt: string) =>
      sql.query(
        `INSERT INTO progress.lesson_events (user_id, course_id, lesson_id, kind, occurred_at) VALUES ($1, $2, $3, $4, $5)`,
        [learner.userId, learner.courseId, lessonId, kind, occurredAt],
      );
    await insertOldEvent(lessonA, 'completed', '2026-11-02T08:00:00Z');
    await insertOldEvent(lessonA, 'completed', '2026-11-01T08:00:00Z');
    await insertOldEvent(lessonA, 'completed', '2026-11-03T08:00:00Z');
    await insertOldEvent(lessonA, 'started', '2026-10-31T08:00:00Z');
    // Two at the very same instant: exactly one stays.
    await insertOldEvent(lessonB, 'started', '2026-11-04T08:00:00Z');
    await insertOldEvent(lessonB, 'started', '2026-11-04T08:00:00Z');

    expect(await runProgressMigrations(database.url)).toEqual([
      'RecordLessonProgress1795500000000',
      'CreateLearningPaths1795700000000',
      'TrackCoursesAndActivity1795800000000',
      'RememberRemovedCourses1795900000000',
      'FitPathsToTheYear1796700000000',
      'RememberLtiLineItems1796860000000',
      'OutboxEvents1796880000000',
      'RememberLtiQuizResults1796894000000',
    ]);

    const left = await sql.query<{ lesson_id: string; kind: string; occurred_at: Date; seconds_spent: number }>(
      `SELECT lesson_id, kind, occurred_at, seconds_spent FROM progress.lesson_events ORDER BY occurred_at`,
    );
    expect(left.rows).toEqual([
      { lesson_id: lessonA, kind: 'started', occurred_at: at('2026-10-31T08:00:00Z'), seconds_spent: 0 },
      { lesson_id: lessonA, kind: 'completed', occurred_at: at('2026-11-01T08:00:00Z'), seconds_spent: 0 },
      { lesson_id: lessonB, kind: 'started', occurred_at: at('2026-11-04T08:00:00Z'), seconds_spent: 0 },
    ]);
  });
});

describe('the migration that fits paths to the year', () => {
  it('gives the paths planned before it a fitting plan with nothing for next year, and stays NOT NULL', async () => {
    const database = await createFreshDatabase('progress_fit');
    const sql = new Client({ connectionString: database.url });
    try {
      const before = new DataSource({
        ...progressDataSourceOptions(database.url),
        migrations: [CreateLessonEvents1795313700000, RecordLessonProgress1795500000000, CreateLearningPaths1795700000000],
      });
      await before.initialize();
      await before.query(`CREATE SCHEMA "${PROGRESS_SCHEMA}"`);
      await before.runMigrations();
      await before.destroy();
      await sql.connect();
      await sql.query(
        `INSERT INTO progress.learning_paths (user_id, job_title, weekly_hours, start_date, confirmed_skills, gaps, courses, milestones, total_hours, months_needed)
         VALUES ($1, 'Data Analyst', 3, '2026-01-05', '[]', '[]', '[]', '[]', 42.5, 4)`,
        [randomUUID()],
      );

      expect(await runProgressMigrations(database.url)).toContain('FitPathsToTheYear1796700000000');

      const { rows } = await sql.query('SELECT fit, next_year FROM progress.learning_paths');
      expect(rows).toEqual([
        {
          fit: { choice: 'fits', allCoursesHours: 42.5, weeklyHoursToFitAll: null, proposedWeeklyHours: null, proposalLimit: 6, ramadanLoadFactor: 1, holyPeriods: [] },
          next_year: { skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 },
        },
      ]);
      const nullable = await sql.query(
        `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'progress' AND table_name = 'learning_paths' AND column_name IN ('fit', 'next_year') ORDER BY column_name`,
      );
      expect(nullable.rows).toEqual([
        { column_name: 'fit', is_nullable: 'NO' },
        { column_name: 'next_year', is_nullable: 'NO' },
      ]);
    } finally {
      await sql.end();
      await database.drop();
    }
  });
});
