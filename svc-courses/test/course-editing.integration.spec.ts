import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import { COURSE_EDITING_SUBJECTS, courseDetailSchema, type Caller } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { bootstrap } from '../src/main';

/** Editing a course's fields on the real service (Postgres, NATS): ids kept, search passages rewritten, bad input changes nothing. */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };

describe('course editing', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_editing');
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_COURSE_CATALOG: 'false' });
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await database?.drop();
  });

  async function insertCourse(kind: 'internal' | 'external' = 'internal'): Promise<{ id: string; lessonIds: string[] }> {
    const course = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, objective, duration, format, department_owner, color, abbreviation, kind)
       VALUES ('Spreadsheet Basics', 'Cells, rows and formulas.', 'Build a budget sheet.', '2 weeks', 'Online', 'Finance', 'green', 'SB', $1)
       RETURNING id`,
      [kind],
    );
    const id = course.rows[0].id;
    const module = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 0, 'Getting started', 'The grid.') RETURNING id`,
      [id],
    );
    const lessons = await sql.query<{ id: string }>(
      `INSERT INTO courses.lessons (module_id, position, title, duration, type, content, key_points, activities)
       VALUES ($1, 0, 'Cells and ranges', '15 min', 'reading', 'A cell holds one value.', '{}', '{}'),
              ($1, 1, 'First formulas', '15 min', 'reading', 'A formula starts with an equals sign.', '{}', '{}')
       RETURNING id`,
      [module.rows[0].id],
    );
    return { id, lessonIds: lessons.rows.map((row) => row.id) };
  }

  const update = (id: string, changes: unknown) => requestOverNats(nats, COURSE_EDITING_SUBJECTS.UPDATE_COURSE, { id, changes }, undefined, ADMIN);
  const courseRow = async (id: string) =>
    (await sql.query('SELECT title, description, objective, title_ar, description_ar, prerequisites, color, level FROM courses.courses WHERE id = $1', [id])).rows[0];
  const passageTitles = async (id: string) =>
    (await sql.query<{ title: string }>("SELECT title FROM courses.search_passages WHERE course_id = $1 AND field = 'course'", [id])).rows.map((row) => row.title);

  it('changes the fields in both languages, keeps module and lesson ids, and reindexes the course for search', async () => {
    const course = await insertCourse();
    const reply = await update(course.id, {
      title: '  Budgeting with Spreadsheets ',
      description: 'Plan a household budget in a sheet.',
      objective: null,
      titleAr: 'الميزانية بجداول البيانات',
      descriptionAr: 'خطط ميزانية البيت في جدول.',
      prerequisites: ['Basic arithmetic'],
      color: 'purple',
      level: 'beginner',
    });
    expect(reply.err).toBeUndefined();
    const edited = courseDetailSchema.parse(reply.response);
    expect(edited).toMatchObject({
      id: course.id,
      title: 'Budgeting with Spreadsheets',
      objective: null,
      titleAr: 'الميزانية بجداول البيانات',
      prerequisites: ['Basic arithmetic'],
      color: 'purple',
      level: 'beginner',
      duration: '2 weeks',
    });
    expect(edited.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id))).toEqual(course.lessonIds);
    const titles = await passageTitles(course.id);
    expect(titles).toContain('Budgeting with Spreadsheets');
    expect(titles).not.toContain('Spreadsheet Basics');
  });

  it("refuses bad input with the create form's messages and changes nothing", async () => {
    const course = await insertCourse();
    const before = await courseRow(course.id);
    const passagesBefore = await passageTitles(course.id);
    const cases: Array<[unknown, string]> = [
      [{ title: '   ', description: 'Changed.' }, 'Title is required'],
      [{ color: 'teal' }, 'Color must be one of blue, green, purple, red, yellow, orange, pink, indigo'],
      [{ abbreviation: 'TOOLONGCODE' }, 'Abbreviation is too long (at most 6 characters)'],
      [{ level: 'expert' }, 'Level must be beginner, intermediate or advanced'],
      [{ prerequisites: Array.from({ length: 21 }, (_, n) => `Skill ${n}`) }, 'Please give at most 20 prerequisites'],
      [{}, 'Please change at least one field'],
    ];
    for (const [changes, message] of cases) {
      const reply = await update(course.id, changes);
      expect(reply.err).toMatchObject({ statusCode: 400 });
      expect(JSON.stringify(reply.err)).toContain(message);
    }
    expect(await courseRow(course.id)).toEqual(before);
    expect(await passageTitles(course.id)).toEqual(passagesBefore);
  });

  it('refuses a learner, or a request naming nobody, and changes nothing', async () => {
    const { id, lessonIds } = await insertCourse();
    const before = await courseRow(id);
    const learner: Caller = { id: randomUUID(), role: 'learner' };
    const asLearner = await requestOverNats(nats, COURSE_EDITING_SUBJECTS.UPDATE_COURSE, { id, changes: { title: 'Taken over' } }, undefined, learner);
    expect(asLearner.err).toEqual({ statusCode: 403, message: ADMINS_ONLY_MESSAGE });
    const lesson = await requestOverNats(nats, COURSE_EDITING_SUBJECTS.UPDATE_LESSON, { courseId: id, lessonId: lessonIds[0], changes: { title: 'Taken over' } }, undefined, learner);
    expect(lesson.err).toEqual({ statusCode: 403, message: ADMINS_ONLY_MESSAGE });
    const nobody = await requestOverNats(nats, COURSE_EDITING_SUBJECTS.UPDATE_COURSE, { id, changes: { title: 'Taken over' } });
    expect(nobody.err).toMatchObject({ statusCode: 401 });
    expect(await courseRow(id)).toEqual(before);
  });

  it('answers 404 for an unknown course and 409 for external training', async () => {
    const missing = await update(randomUUID(), { title: 'Anything' });
    expect(missing.err).toMatchObject({ statusCode: 404, message: 'Course not found' });
    const external = await insertCourse('external');
    const refused = await update(external.id, { title: 'Anything' });
    expect(refused.err).toMatchObject({ statusCode: 409, message: 'External training cannot be edited here' });
    expect((await courseRow(external.id)).title).toBe('Spreadsheet Basics');
  });

  describe('a lesson', () => {
    const updateLesson = (courseId: string, lessonId: string, changes: unknown) =>
      requestOverNats(nats, COURSE_EDITING_SUBJECTS.UPDATE_LESSON, { courseId, lessonId, changes }, undefined, ADMIN);
    const lessonPassages = async (lessonId: string) =>
      (await sql.query<{ text: string }>('SELECT text FROM courses.search_passages WHERE lesson_id = $1', [lessonId])).rows.map((row) => row.text).join(' ');

    it('changes in place, keeping its id and position, and its new words are indexed instead of the old', async () => {
      const course = await insertCourse();
      const [first, second] = course.lessonIds;
      const reply = await updateLesson(course.id, second, {
        title: 'Formulas that add up',
        content: 'The SUM function totals a column of expenses without retyping the figures.',
        keyPoints: ['SUM totals a range'],
        activities: ['Total your monthly expenses'],
        type: 'exercise',
      });
      expect(reply.err).toBeUndefined();
      const lessons = courseDetailSchema.parse(reply.response).modules[0].lessons;
      expect(lessons.map((lesson) => lesson.id)).toEqual([first, second]);
      expect(lessons[1]).toMatchObject({
        id: second,
        title: 'Formulas that add up',
        type: 'exercise',
        keyPoints: ['SUM totals a range'],
        activities: ['Total your monthly expenses'],
        duration: '15 min',
      });
      const indexed = await lessonPassages(second);
      expect(indexed).toContain('SUM function totals');
      expect(indexed).not.toContain('equals sign');
    });

    it('refuses bad input and changes nothing', async () => {
      const course = await insertCourse();
      const lessonId = course.lessonIds[0];
      const before = (await sql.query('SELECT title, content, key_points, type FROM courses.lessons WHERE id = $1', [lessonId])).rows[0];
      const passagesBefore = await lessonPassages(lessonId);
      const cases: Array<[unknown, string]> = [
        [{ title: 'New title', content: ' \n\t ' }, 'Content is required'],
        [{ type: 'podcast' }, 'Type must be one of video, reading, quiz, exercise'],
        [{ keyPoints: ['fine', ''] }, 'Key points cannot hold an empty item'],
        [{ content: 'x'.repeat(50_001) }, 'Content is too long (at most 50000 characters)'],
        [{}, 'Please change at least one field'],
      ];
      for (const [changes, message] of cases) {
        const reply = await updateLesson(course.id, lessonId, changes);
        expect(reply.err).toMatchObject({ statusCode: 400 });
        expect(JSON.stringify(reply.err)).toContain(message);
      }
      expect((await sql.query('SELECT title, content, key_points, type FROM courses.lessons WHERE id = $1', [lessonId])).rows[0]).toEqual(before);
      expect(await lessonPassages(lessonId)).toBe(passagesBefore);
    });

    it("answers 404 for another course's lesson, an unknown lesson and an unknown course", async () => {
      const mine = await insertCourse();
      const theirs = await insertCourse();
      const stolen = await updateLesson(mine.id, theirs.lessonIds[0], { title: 'Taken over' });
      expect(stolen.err).toMatchObject({ statusCode: 404, message: 'Lesson not found' });
      expect((await sql.query('SELECT title FROM courses.lessons WHERE id = $1', [theirs.lessonIds[0]])).rows[0].title).toBe('Cells and ranges');
      expect((await updateLesson(mine.id, randomUUID(), { title: 'x' })).err).toMatchObject({ statusCode: 404, message: 'Lesson not found' });
      expect((await updateLesson(randomUUID(), mine.lessonIds[0], { title: 'x' })).err).toMatchObject({ statusCode: 404, message: 'Course not found' });
    });
  });
});
