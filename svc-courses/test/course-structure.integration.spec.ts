import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import { COURSE_STRUCTURE_SUBJECTS, courseDetailSchema, COURSES_SUBJECTS, EVENT_SUBJECTS, type Caller, type CourseDetail } from '@masar/contracts';
import { readEventsSince } from '@masar/contracts/events-stream';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { bootstrap } from '../src/main';

/**
 * Changing a course's modules and lessons on the real service (Postgres, NATS, JetStream): positions stay
 * dense, ids stay, search and updated_at follow, learners and strangers' ids are refused, svc-progress is told.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };

const NEW_LESSON = {
  title: 'Charts that explain',
  type: 'reading',
  duration: '10 min',
  content: 'A column chart compares totals across months at a glance.',
  keyPoints: ['Compare totals with a column chart'],
};

describe('course structure editing', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_structure');
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

  /** Two modules of two lessons each. */
  async function insertCourse(kind: 'internal' | 'external' = 'internal'): Promise<{ id: string; moduleIds: string[]; lessonIds: string[][] }> {
    const course = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation, kind, updated_at)
       VALUES ('Spreadsheet Basics', 'Cells, rows and formulas.', '2 weeks', 'Online', 'Finance', 'green', 'SB', $1, now() - interval '1 day')
       RETURNING id`,
      [kind],
    );
    const id = course.rows[0].id;
    const moduleIds: string[] = [];
    const lessonIds: string[][] = [];
    for (const [position, title] of ['Getting started', 'Formulas'].entries()) {
      const module = await sql.query<{ id: string }>(
        `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, $2, $3, 'About it.') RETURNING id`,
        [id, position, title],
      );
      moduleIds.push(module.rows[0].id);
      const lessons = await sql.query<{ id: string }>(
        `INSERT INTO courses.lessons (module_id, position, title, duration, type, content)
         VALUES ($1, 0, $2 || ' one', '15 min', 'reading', 'A cell holds one value.'), ($1, 1, $2 || ' two', '15 min', 'reading', 'A formula starts with an equals sign.')
         RETURNING id`,
        [module.rows[0].id, title],
      );
      lessonIds.push(lessons.rows.map((row) => row.id));
    }
    return { id, moduleIds, lessonIds };
  }

  const ask = (subject: string, payload: unknown, caller: Caller | undefined = ADMIN) => requestOverNats(nats, subject, payload, undefined, caller);
  async function change(subject: string, payload: unknown): Promise<CourseDetail> {
    const reply = await ask(subject, payload);
    expect(reply.err).toBeUndefined();
    return courseDetailSchema.parse(reply.response);
  }
  const outline = (course: CourseDetail) => course.modules.map((module) => module.lessons.map((lesson) => lesson.id));
  /** Positions as stored, per module in course order: always 0..n-1. */
  async function storedPositions(courseId: string): Promise<{ modules: number[]; lessons: number[][] }> {
    const modules = await sql.query<{ id: string; position: number }>('SELECT id, position FROM courses.modules WHERE course_id = $1 ORDER BY position', [courseId]);
    const lessons: number[][] = [];
    for (const module of modules.rows) {
      const rows = await sql.query<{ position: number }>('SELECT position FROM courses.lessons WHERE module_id = $1 ORDER BY position', [module.id]);
      lessons.push(rows.rows.map((row) => row.position));
    }
    return { modules: modules.rows.map((row) => row.position), lessons };
  }
  const updatedAt = async (id: string) => (await sql.query<{ updated_at: Date }>('SELECT updated_at FROM courses.courses WHERE id = $1', [id])).rows[0].updated_at;
  const passageTitles = async (id: string) =>
    (await sql.query<{ title: string }>('SELECT title FROM courses.search_passages WHERE course_id = $1', [id])).rows.map((row) => row.title);
  const counts = async (id: string) =>
    (
      await sql.query<{ modules: number; lessons: number }>(
        `SELECT (SELECT count(*)::int FROM courses.modules WHERE course_id = $1) AS modules,
                (SELECT count(*)::int FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id WHERE m.course_id = $1) AS lessons`,
        [id],
      )
    ).rows[0];

  describe('modules', () => {
    it('adds an empty module and one with a first lesson at the end, indexed for search and telling svc-progress of the new lesson', async () => {
      const course = await insertCourse();
      const before = await updatedAt(course.id);
      const since = new Date().toISOString();
      const empty = await change(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: course.id, module: { title: '  Charts  ' } });
      expect(empty.modules.map((module) => module.title)).toEqual(['Getting started', 'Formulas', 'Charts']);
      expect(empty.modules[2]).toMatchObject({ description: '', lessons: [] });
      const withLesson = await change(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, {
        courseId: course.id,
        module: { title: 'Reports', description: 'Putting it together.', firstLesson: NEW_LESSON },
      });
      const added = withLesson.modules[3];
      expect(added).toMatchObject({ title: 'Reports', description: 'Putting it together.', lessons: [{ ...NEW_LESSON, activities: [] }] });
      expect(outline(withLesson).slice(0, 2)).toEqual(course.lessonIds);
      expect(await storedPositions(course.id)).toEqual({ modules: [0, 1, 2, 3], lessons: [[0, 1], [0, 1], [], [0]] });
      expect((await updatedAt(course.id)).getTime()).toBeGreaterThan(before.getTime());
      expect(await passageTitles(course.id)).toEqual(expect.arrayContaining(['Charts', 'Reports', 'Charts that explain']));
      const events = (await readEventsSince(nats, EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, since)).filter((event) => event.courseId === course.id);
      // The empty module changed no lesson: one event, for the module that came with one.
      expect(events).toEqual([{ courseId: course.id, lessonIds: outline(withLesson).flat(), changedBy: ADMIN.id, occurredAt: expect.any(String) }]);
    });

    it('changes a title and description in place, and refuses blank or missing titles', async () => {
      const course = await insertCourse();
      const edited = await change(COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE, {
        courseId: course.id,
        moduleId: course.moduleIds[1],
        changes: { title: 'Formulas and functions', description: 'SUM, AVERAGE and friends.' },
      });
      expect(edited.modules[1]).toMatchObject({ id: course.moduleIds[1], title: 'Formulas and functions', description: 'SUM, AVERAGE and friends.' });
      expect(outline(edited)).toEqual(course.lessonIds);
      expect(await passageTitles(course.id)).toContain('Formulas and functions');
      const cases: Array<[unknown, string]> = [
        [{ title: '\u200B\u00A0 ' }, 'Title is required'],
        [{ title: 'x'.repeat(201) }, 'Title is too long (at most 200 characters)'],
        [{}, 'Please change at least one field'],
      ];
      for (const [changes, message] of cases) {
        const reply = await ask(COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE, { courseId: course.id, moduleId: course.moduleIds[1], changes });
        expect(reply.err).toMatchObject({ statusCode: 400 });
        expect(JSON.stringify(reply.err)).toContain(message);
      }
      const blankNew = await ask(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: course.id, module: { title: '\u200B' } });
      expect(JSON.stringify(blankNew.err)).toContain('Title is required');
      expect(await counts(course.id)).toEqual({ modules: 2, lessons: 4 });
    });

    it('deletes a module with its lessons, renumbers the rest and tells svc-progress which lessons remain', async () => {
      const course = await insertCourse();
      await change(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: course.id, module: { title: 'Charts' } });
      const since = new Date().toISOString();
      const after = await change(COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: course.id, moduleId: course.moduleIds[0] });
      expect(after.modules.map((module) => module.title)).toEqual(['Formulas', 'Charts']);
      expect(outline(after)).toEqual([course.lessonIds[1], []]);
      expect(await storedPositions(course.id)).toEqual({ modules: [0, 1], lessons: [[0, 1], []] });
      expect(await passageTitles(course.id)).not.toContain('Getting started one');
      const events = (await readEventsSince(nats, EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, since)).filter((event) => event.courseId === course.id);
      expect(events.map((event) => event.lessonIds)).toEqual([course.lessonIds[1]]);
    });

    it("refuses to delete the module holding all of the course's lessons", async () => {
      const course = await insertCourse();
      await change(COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: course.id, moduleId: course.moduleIds[0] });
      const refused = await ask(COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: course.id, moduleId: course.moduleIds[1] });
      expect(refused.err).toMatchObject({ statusCode: 409, message: "A course must keep at least one lesson: this module holds all of the course's lessons" });
      expect(await counts(course.id)).toEqual({ modules: 1, lessons: 2 });
    });

    it('reorders with the full list of its modules, and refuses any other list with a message', async () => {
      const course = await insertCourse();
      await change(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: course.id, module: { title: 'Charts' } });
      const third = (await sql.query<{ id: string }>("SELECT id FROM courses.modules WHERE course_id = $1 AND title = 'Charts'", [course.id])).rows[0].id;
      const order = [third, course.moduleIds[0], course.moduleIds[1]];
      const reordered = await change(COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES, { courseId: course.id, moduleIds: order });
      expect(reordered.modules.map((module) => module.id)).toEqual(order);
      expect(await storedPositions(course.id)).toEqual({ modules: [0, 1, 2], lessons: [[], [0, 1], [0, 1]] });
      const other = await insertCourse();
      const wrong = [
        [third, course.moduleIds[0]],
        [third, course.moduleIds[0], course.moduleIds[0]],
        [third, course.moduleIds[0], other.moduleIds[0]],
        [third, course.moduleIds[0], course.moduleIds[1], other.moduleIds[0]],
        [],
      ];
      for (const moduleIds of wrong) {
        const reply = await ask(COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES, { courseId: course.id, moduleIds });
        expect(reply.err).toMatchObject({ statusCode: 400 });
        expect(JSON.stringify(reply.err)).toContain("The new order must list each of the course's modules exactly once");
      }
      const stored = await sql.query<{ id: string }>('SELECT id FROM courses.modules WHERE course_id = $1 ORDER BY position', [course.id]);
      expect(stored.rows.map((row) => row.id)).toEqual(order);
      expect(await storedPositions(other.id)).toEqual({ modules: [0, 1], lessons: [[0, 1], [0, 1]] });
    });
  });

  describe('lessons', () => {
    it('adds a lesson at the end of a module with the edit form checks, and tells svc-progress', async () => {
      const course = await insertCourse();
      const since = new Date().toISOString();
      const after = await change(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[0], lesson: NEW_LESSON });
      const added = after.modules[0].lessons[2];
      expect(added).toMatchObject({ ...NEW_LESSON, activities: [] });
      expect(outline(after)[0].slice(0, 2)).toEqual(course.lessonIds[0]);
      expect(await passageTitles(course.id)).toContain('Charts that explain');
      const events = (await readEventsSince(nats, EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, since)).filter((event) => event.courseId === course.id);
      expect(events.map((event) => event.lessonIds)).toEqual([outline(after).flat()]);

      const cases: Array<[unknown, string]> = [
        [{ ...NEW_LESSON, title: '\u200B\u200C' }, 'Title is required'],
        [{ ...NEW_LESSON, content: ' \n ' }, 'Content is required'],
        [{ ...NEW_LESSON, duration: undefined }, 'Duration is required'],
        [{ ...NEW_LESSON, type: 'podcast' }, 'Type must be one of video, reading, quiz, exercise'],
        [{ ...NEW_LESSON, keyPoints: ['fine', ''] }, 'Key points cannot hold an empty item'],
        [{ ...NEW_LESSON, content: 'x'.repeat(50_001) }, 'Content is too long (at most 50000 characters)'],
      ];
      for (const [lesson, message] of cases) {
        const reply = await ask(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[0], lesson });
        expect(reply.err).toMatchObject({ statusCode: 400 });
        expect(JSON.stringify(reply.err)).toContain(message);
      }
      expect(await counts(course.id)).toEqual({ modules: 2, lessons: 5 });
    });

    it('refuses an eleventh lesson in a module', async () => {
      const course = await insertCourse();
      for (let n = 0; n < 8; n += 1) await change(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[0], lesson: NEW_LESSON });
      const refused = await ask(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[0], lesson: NEW_LESSON });
      expect(refused.err).toMatchObject({ statusCode: 400, message: 'A module can have at most 10 lessons' });
    });

    it('deletes a lesson, renumbers its module, and keeps the course from losing its last lesson', async () => {
      const course = await insertCourse();
      const since = new Date().toISOString();
      const after = await change(COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.lessonIds[0][0] });
      expect(outline(after)).toEqual([[course.lessonIds[0][1]], course.lessonIds[1]]);
      expect(await storedPositions(course.id)).toEqual({ modules: [0, 1], lessons: [[0], [0, 1]] });
      expect(await passageTitles(course.id)).not.toContain('Getting started one');
      const events = (await readEventsSince(nats, EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, since)).filter((event) => event.courseId === course.id);
      expect(events.map((event) => event.lessonIds)).toEqual([outline(after).flat()]);

      await change(COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.lessonIds[0][1] });
      await change(COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.lessonIds[1][0] });
      const last = await ask(COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.lessonIds[1][1] });
      expect(last.err).toMatchObject({ statusCode: 409, message: 'A course must keep at least one lesson: add another lesson before deleting this one' });
      expect(await counts(course.id)).toEqual({ modules: 2, lessons: 1 });
    });

    it("reorders a module's lessons with their full list only", async () => {
      const course = await insertCourse();
      const [first, second] = course.lessonIds[1];
      const after = await change(COURSE_STRUCTURE_SUBJECTS.REORDER_LESSONS, { courseId: course.id, moduleId: course.moduleIds[1], lessonIds: [second, first] });
      expect(outline(after)).toEqual([course.lessonIds[0], [second, first]]);
      for (const lessonIds of [[second], [second, first, course.lessonIds[0][0]], [second, second]]) {
        const reply = await ask(COURSE_STRUCTURE_SUBJECTS.REORDER_LESSONS, { courseId: course.id, moduleId: course.moduleIds[1], lessonIds });
        expect(reply.err).toMatchObject({ statusCode: 400 });
        expect(JSON.stringify(reply.err)).toContain("The new order must list each of the module's lessons exactly once");
      }
      expect(await storedPositions(course.id)).toEqual({ modules: [0, 1], lessons: [[0, 1], [0, 1]] });
    });

    it('moves a lesson to another module of the course, keeping its id, at the position asked or the end', async () => {
      const course = await insertCourse();
      const moved = course.lessonIds[0][1];
      const first = await change(COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON, { courseId: course.id, lessonId: moved, moduleId: course.moduleIds[1], position: 0 });
      expect(outline(first)).toEqual([[course.lessonIds[0][0]], [moved, ...course.lessonIds[1]]]);
      const back = await change(COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON, { courseId: course.id, lessonId: moved, moduleId: course.moduleIds[0] });
      expect(outline(back)).toEqual(course.lessonIds);
      expect(await storedPositions(course.id)).toEqual({ modules: [0, 1], lessons: [[0, 1], [0, 1]] });
      const same = await ask(COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON, { courseId: course.id, lessonId: moved, moduleId: course.moduleIds[0] });
      expect(same.err).toMatchObject({ statusCode: 400, message: 'The lesson is already in this module' });
    });
  });

  describe('refusals', () => {
    it("answers 404 for another course's module or lesson, and changes neither course", async () => {
      const mine = await insertCourse();
      const theirs = await insertCourse();
      const attempts: Array<[string, unknown, string]> = [
        [COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE, { courseId: mine.id, moduleId: theirs.moduleIds[0], changes: { title: 'Taken' } }, 'Module not found'],
        [COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: mine.id, moduleId: theirs.moduleIds[0] }, 'Module not found'],
        [COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: mine.id, moduleId: theirs.moduleIds[0], lesson: NEW_LESSON }, 'Module not found'],
        [COURSE_STRUCTURE_SUBJECTS.REORDER_LESSONS, { courseId: mine.id, moduleId: theirs.moduleIds[0], lessonIds: theirs.lessonIds[0] }, 'Module not found'],
        [COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: mine.id, lessonId: theirs.lessonIds[0][0] }, 'Lesson not found'],
        [COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON, { courseId: mine.id, lessonId: theirs.lessonIds[0][0], moduleId: mine.moduleIds[1] }, 'Lesson not found'],
        [COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON, { courseId: mine.id, lessonId: mine.lessonIds[0][0], moduleId: theirs.moduleIds[1] }, 'Module not found'],
        [COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: randomUUID(), lessonId: mine.lessonIds[0][0] }, 'Course not found'],
        [COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: randomUUID(), module: { title: 'Anything' } }, 'Course not found'],
      ];
      for (const [subject, payload, message] of attempts) {
        expect((await ask(subject, payload)).err).toEqual({ statusCode: 404, message });
      }
      for (const course of [mine, theirs]) {
        expect(await counts(course.id)).toEqual({ modules: 2, lessons: 4 });
        expect(await storedPositions(course.id)).toEqual({ modules: [0, 1], lessons: [[0, 1], [0, 1]] });
      }
    });

    it('refuses learners (403) and requests naming nobody (401), and leaves external training alone (409)', async () => {
      const course = await insertCourse();
      const attempts: Array<[string, unknown]> = [
        [COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: course.id, module: { title: 'Mine now' } }],
        [COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: course.id, moduleId: course.moduleIds[0] }],
        [COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES, { courseId: course.id, moduleIds: [...course.moduleIds].reverse() }],
        [COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[0], lesson: NEW_LESSON }],
        [COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.lessonIds[0][0] }],
        [COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON, { courseId: course.id, lessonId: course.lessonIds[0][0], moduleId: course.moduleIds[1] }],
      ];
      for (const [subject, payload] of attempts) {
        expect((await ask(subject, payload, LEARNER)).err).toEqual({ statusCode: 403, message: ADMINS_ONLY_MESSAGE });
        expect((await requestOverNats(nats, subject, payload)).err).toMatchObject({ statusCode: 401 });
      }
      expect(await counts(course.id)).toEqual({ modules: 2, lessons: 4 });
      const external = await insertCourse('external');
      const refused = await ask(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: external.id, module: { title: 'Extra' } });
      expect(refused.err).toEqual({ statusCode: 409, message: 'External training cannot be edited here' });
    });
  });
  describe('a published course that gains lessons', () => {
    const statusOf = async (id: string) => (await sql.query<{ status: string }>('SELECT status FROM courses.courses WHERE id = $1', [id])).rows[0].status;
    async function publishedCourse(): Promise<Awaited<ReturnType<typeof insertCourse>>> {
      const course = await insertCourse();
      await sql.query(`UPDATE courses.courses SET status = 'published', published_at = now() WHERE id = $1`, [course.id]);
      return course;
    }
    const UNWRITTEN = { ...NEW_LESSON, title: 'Pivot tables', content: 'Pivot tables: content goes here. TBD.' };

    it('goes back to draft when a new lesson still needs work, and learners no longer see it', async () => {
      const course = await publishedCourse();
      const reply = await change(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[1], lesson: UNWRITTEN });
      expect(reply.publication?.status).toBe('draft');
      expect(reply.publication?.problems).toEqual([expect.objectContaining({ kind: 'placeholder-lesson', title: 'Pivot tables' })]);
      expect(await statusOf(course.id)).toBe('draft');
      const learner = await ask(COURSES_SUBJECTS.GET_COURSE, { id: course.id }, LEARNER);
      expect(learner.err).toMatchObject({ statusCode: 404 });

      const other = await publishedCourse();
      const withModule = await change(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: other.id, module: { title: 'Pivots', firstLesson: UNWRITTEN } });
      expect(withModule.publication?.status).toBe('draft');
    });

    it('stays published when the new lessons are written, and for an empty new module', async () => {
      const course = await publishedCourse();
      expect((await change(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[0], lesson: NEW_LESSON })).publication?.status).toBe('published');
      expect((await change(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, { courseId: course.id, module: { title: 'Later' } })).publication?.status).toBe('published');
      expect(await statusOf(course.id)).toBe('published');
    });

    it('is not taken from learners by a written lesson when an older lesson already needs work', async () => {
      const course = await publishedCourse();
      await sql.query(`UPDATE courses.lessons SET content = 'Lorem ipsum dolor sit amet.' WHERE id = $1`, [course.lessonIds[0][0]]);
      const reply = await change(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.moduleIds[0], lesson: NEW_LESSON });
      expect(reply.publication?.status).toBe('published');
      expect(reply.publication?.problems).toHaveLength(1);
    });
  });
});
