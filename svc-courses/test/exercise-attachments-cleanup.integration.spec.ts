import { type Caller, COURSE_STRUCTURE_SUBJECTS, COURSES_SUBJECTS, EXERCISE_ATTACHMENTS_BUCKET } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection, ObjectStore } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { bootstrap } from '../src/main';

/** Files learners attached to exercises leave the real object store with their lesson, module or course. */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };

describe('exercise attachments when their lessons are deleted', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let gateway: NatsConnection;
  let attachments: ObjectStore;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_attachment_cleanup');
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_COURSE_CATALOG: 'false' });
    gateway = await connectToNatsAs('gateway');
    attachments = await gateway.jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await gateway?.drain();
    await app?.close();
    await database?.drop();
  });

  /** A course of two modules: the first holds two exercises, the second a reading lesson. */
  async function insertCourse(): Promise<{ id: string; moduleId: string; exercise: string; otherExercise: string }> {
    const course = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation)
       VALUES ('Incident Reports', 'Write them well.', '1 week', 'Online', 'Safety', 'red', 'IR') RETURNING id`,
    );
    const modules = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 0, 'Practice', 'Do it.'), ($1, 1, 'Reading', 'Read it.') RETURNING id`,
      [course.rows[0].id],
    );
    const lessons = await sql.query<{ id: string }>(
      `INSERT INTO courses.lessons (module_id, position, title, duration, type, content)
       VALUES ($1, 0, 'Report a near miss', '20 min', 'exercise', 'Write the report.'), ($1, 1, 'Report a spill', '20 min', 'exercise', 'Write it.'),
              ($2, 0, 'Why reports matter', '5 min', 'reading', 'They prevent the next one.')
       RETURNING id`,
      [modules.rows[0].id, modules.rows[1].id],
    );
    return { id: course.rows[0].id, moduleId: modules.rows[0].id, exercise: lessons.rows[0].id, otherExercise: lessons.rows[1].id };
  }

  /**
   * A learner's submission holding `count` files, as the gateway and svc-courses store one: the bytes
   * under a random id in the bucket, the submission row naming them.
   */
  async function submitFiles(lessonId: string, count: number): Promise<string[]> {
    const stored = [];
    for (let index = 0; index < count; index += 1) {
      const bytes = Buffer.from(`report ${randomUUID()}\n`);
      const attachmentId = randomUUID();
      await attachments.putBlob({ name: attachmentId }, bytes);
      stored.push({ attachmentId, name: `report-${index}.txt`, mediaType: 'text/plain', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
    await sql.query(`INSERT INTO courses.exercise_submissions (user_id, lesson_id, work, attachments) VALUES ($1, $2, '', $3::jsonb)`, [
      randomUUID(),
      lessonId,
      JSON.stringify(stored),
    ]);
    return stored.map((attachment) => attachment.attachmentId);
  }

  const stored = async (attachmentId: string) => {
    const info = await attachments.info(attachmentId);
    return info !== null && !info.deleted;
  };
  const allStored = async (ids: string[]) => Promise.all(ids.map(stored));

  it('deleting an exercise lesson deletes every file of its submissions, and no other lesson’s', async () => {
    const course = await insertCourse();
    const first = [...(await submitFiles(course.exercise, 2)), ...(await submitFiles(course.exercise, 1))];
    const kept = await submitFiles(course.otherExercise, 1);
    expect(await allStored(first)).toEqual([true, true, true]);

    const reply = await requestOverNats(gateway, COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.exercise }, undefined, ADMIN);
    expect(reply.err).toBeUndefined();
    expect(await allStored(first)).toEqual([false, false, false]);
    expect(await allStored(kept)).toEqual([true]);
    expect((await sql.query('SELECT 1 FROM courses.exercise_submissions WHERE lesson_id = $1', [course.exercise])).rowCount).toBe(0);
  });

  it('deleting a module deletes the files of its exercises', async () => {
    const course = await insertCourse();
    const files = [...(await submitFiles(course.exercise, 1)), ...(await submitFiles(course.otherExercise, 2))];
    const elsewhere = await insertCourse();
    const kept = await submitFiles(elsewhere.exercise, 1);

    const reply = await requestOverNats(gateway, COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: course.id, moduleId: course.moduleId }, undefined, ADMIN);
    expect(reply.err).toBeUndefined();
    expect(await allStored(files)).toEqual([false, false, false]);
    expect(await allStored(kept)).toEqual([true]);
  });

  it('deleting a course deletes the files of all its exercises', async () => {
    const course = await insertCourse();
    const files = [...(await submitFiles(course.exercise, 3)), ...(await submitFiles(course.otherExercise, 1))];
    expect((await requestOverNats(gateway, COURSES_SUBJECTS.DELETE_COURSE, { id: course.id })).err).toBeUndefined();
    expect(await allStored(files)).toEqual([false, false, false, false]);
  });

  it('a refused deletion keeps the files', async () => {
    const course = await insertCourse();
    const files = await submitFiles(course.exercise, 1);
    // The module holds lessons and no other module does once the reading module is gone: 409.
    await sql.query('DELETE FROM courses.modules WHERE course_id = $1 AND position = 1', [course.id]);
    const refused = await requestOverNats(gateway, COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: course.id, moduleId: course.moduleId }, undefined, ADMIN);
    expect(refused.err).toMatchObject({ statusCode: 409 });
    expect(await allStored(files)).toEqual([true]);
  });
});
