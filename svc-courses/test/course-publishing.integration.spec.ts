import {
  type Caller,
  COURSE_EDITING_SUBJECTS,
  COURSE_NOT_FOUND_MESSAGE,
  COURSE_PUBLISHING_SUBJECTS,
  COURSES_SUBJECTS,
  courseCategoriesReplySchema,
  courseDetailSchema,
  courseListSchema,
  courseSearchResponseSchema,
  findPathCandidatesReplySchema,
  LESSON_PRACTICE_MESSAGES,
  LESSON_PRACTICE_SUBJECTS,
  publishRefusedMessage,
  recommendCoursesReplySchema,
  UNSOURCED_LESSON_NOTICE,
} from '@masar/contracts';
import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CatalogSeeder } from '../src/catalog/catalog-seed';
import { reindexCourse } from '../src/course-search/course-search-index';
import { bootstrap } from '../src/main';
import { StandInAi, startStandInAi } from './support/stand-in-ai';

/**
 * Drafts and publishing on the real service (Postgres, NATS, a stand-in svc-ai for search): a draft
 * is the admins' alone everywhere a learner could meet it, publishing is refused while it needs
 * work, and moving it back to a draft hides it again, search's kept results included.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const SKILL = 'Quarkwelding';

describe('drafts and publishing', () => {
  let database: FreshDatabase;
  let ai: StandInAi;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let progress: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_publishing');
    ai = await startStandInAi();
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_COURSE_CATALOG: 'false' });
    nats = await connectToNatsAs('gateway');
    progress = await connectToNatsAs('progress');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await progress?.drain();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  interface DraftCourse {
    id: string;
    moduleId: string;
    emptyModuleId: string;
    lessonIds: string[];
  }

  /** A course as a generator leaves one: a draft, one lesson blank to the eye, one unchecked (AI without sources), one placeholder, one fine, and an empty module. */
  async function insertDraft(title: string): Promise<DraftCourse> {
    const course = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation, skills, estimated_hours, category)
       VALUES ($1, 'Joining quark plates safely.', '2 weeks', 'Online', 'Operations', 'green', 'QW', $2, 6, 'Work Skills') RETURNING id`,
      [title, [SKILL]],
    );
    const id = course.rows[0].id;
    const modules = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description)
       VALUES ($1, 0, 'Plates', 'The plates.'), ($1, 1, 'Later', 'Nothing yet.') RETURNING id`,
      [id],
    );
    const lessons = await sql.query<{ id: string }>(
      `INSERT INTO courses.lessons (module_id, position, title, duration, type, content, key_points, activities)
       VALUES ($1, 0, 'Blank lesson', '10 min', 'reading', $2, '{}', '{}'),
              ($1, 1, 'Unchecked lesson', '10 min', 'reading', $3, '{}', '{}'),
              ($1, 2, 'Stand-in lesson', '10 min', 'reading', $4, '{}', '{}'),
              ($1, 3, 'Quark plates', '10 min', 'reading', 'A quark plate is joined along its seam with a steady arc.', '{}', '{}')
       RETURNING id`,
      [
        modules.rows[0].id,
        '\u200b\u00a0 \u200d.',
        `${UNSOURCED_LESSON_NOTICE.en}\n\nQuarkwelding joins plates.`,
        'Lorem ipsum dolor sit amet.',
      ],
    );
    await app.get(DataSource).transaction((manager) => reindexCourse(manager, id));
    return { id, moduleId: modules.rows[0].id, emptyModuleId: modules.rows[1].id, lessonIds: lessons.rows.map((row) => row.id) };
  }

  const ask = (subject: string, payload: unknown, caller?: Caller) => requestOverNats(nats, subject, payload, undefined, caller);
  const listIds = async (caller?: Caller, query: Record<string, unknown> = {}) =>
    courseListSchema.parse((await ask(COURSES_SUBJECTS.LIST_COURSES, { page: 1, pageSize: 50, ...query }, caller)).response).items.map((item) => item.id);
  const searchIds = async (caller: Caller) => {
    const reply = await ask(COURSES_SUBJECTS.SEARCH, { q: 'quark plates' }, caller);
    return courseSearchResponseSchema.parse(reply.response).chunks.map((chunk) => chunk.courseId);
  };
  const recommendedIds = async (caller?: Caller) =>
    recommendCoursesReplySchema.parse((await ask(COURSES_SUBJECTS.RECOMMEND, { skills: [SKILL] }, caller)).response).courses.map((course) => course.id);
  const candidateIds = async () =>
    findPathCandidatesReplySchema
      .parse((await requestOverNats(progress, COURSES_SUBJECTS.FIND_PATH_CANDIDATES, { skills: [SKILL] })).response)
      .courses.map((course) => course.id);
  const categoryIds = async (caller?: Caller) =>
    courseCategoriesReplySchema
      .parse((await ask(COURSES_SUBJECTS.LIST_CATEGORIES, {}, caller)).response)
      .categories.flatMap((category) => category.courses.map((course) => course.id));

  it('keeps a draft from learners everywhere, shows it to admins with what needs work, and refuses to publish it', async () => {
    const draft = await insertDraft('Quarkwelding Basics');

    // Learners (and messages naming nobody): not in the list, categories, search, recommendations or path candidates; 404 like a missing course.
    expect(await listIds(LEARNER)).not.toContain(draft.id);
    expect(await listIds()).not.toContain(draft.id);
    expect(await listIds(LEARNER, { status: 'draft' })).toEqual([]);
    expect(await categoryIds(LEARNER)).not.toContain(draft.id);
    expect(await searchIds(LEARNER)).not.toContain(draft.id);
    expect(await recommendedIds(LEARNER)).not.toContain(draft.id);
    expect(await candidateIds()).not.toContain(draft.id);
    expect((await ask(COURSES_SUBJECTS.GET_COURSE, { id: draft.id }, LEARNER)).err).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
    expect((await ask(COURSES_SUBJECTS.GET_COURSE, { id: randomUUID() }, LEARNER)).err).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
    const quiz = await ask(LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: draft.lessonIds[3] }, LEARNER);
    expect(quiz.err).toEqual({ statusCode: 404, message: LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND });

    // Admins: everywhere, marked as a draft, with each problem in course order.
    expect(await listIds(ADMIN)).toContain(draft.id);
    expect(await listIds(ADMIN, { status: 'draft' })).toContain(draft.id);
    expect(await listIds(ADMIN, { status: 'published' })).not.toContain(draft.id);
    expect(await categoryIds(ADMIN)).toContain(draft.id);
    expect(await searchIds(ADMIN)).toContain(draft.id);
    expect(await recommendedIds(ADMIN)).toContain(draft.id);
    expect((await ask(LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: draft.lessonIds[3] }, ADMIN)).err).toMatchObject({ statusCode: 409 });
    const detail = courseDetailSchema.parse((await ask(COURSES_SUBJECTS.GET_COURSE, { id: draft.id }, ADMIN)).response);
    expect(detail.status).toBe('draft');
    expect(detail.publication).toEqual({
      status: 'draft',
      publishedAt: null,
      problems: [
        { kind: 'blank-lesson', moduleId: draft.moduleId, lessonId: draft.lessonIds[0], title: 'Blank lesson', message: 'The lesson "Blank lesson" has no text' },
        {
          kind: 'unsourced-lesson',
          moduleId: draft.moduleId,
          lessonId: draft.lessonIds[1],
          title: 'Unchecked lesson',
          message: 'The lesson "Unchecked lesson" was written by AI without source material and has not been checked',
        },
        {
          kind: 'placeholder-lesson',
          moduleId: draft.moduleId,
          lessonId: draft.lessonIds[2],
          title: 'Stand-in lesson',
          message: 'The lesson "Stand-in lesson" still holds placeholder text',
        },
        { kind: 'empty-module', moduleId: draft.emptyModuleId, title: 'Later', message: 'The module "Later" has no lessons' },
      ],
    });

    // Publishing is refused with the count, and changes nothing.
    const refused = await ask(COURSE_PUBLISHING_SUBJECTS.PUBLISH, { id: draft.id }, ADMIN);
    expect(refused.err).toEqual({ statusCode: 409, message: publishRefusedMessage(4) });
    expect(publishRefusedMessage(4)).toBe('This course cannot be published yet: 4 things still need work');
    const row = await sql.query('SELECT status, published_at FROM courses.courses WHERE id = $1', [draft.id]);
    expect(row.rows[0]).toEqual({ status: 'draft', published_at: null });
  });

  it('publishes once the work is done, then moves it back to a draft, without a learner ever seeing a stale search', async () => {
    const draft = await insertDraft('Quarkwelding in Practice');
    // The admin fixes the lessons (same ids) and removes the empty module.
    const fixes = ['Check the seam before you weld.', 'Clamp both plates first.', 'Cool the plate slowly.'];
    for (const [index, content] of fixes.entries()) {
      const edited = await ask(COURSE_EDITING_SUBJECTS.UPDATE_LESSON, { courseId: draft.id, lessonId: draft.lessonIds[index], changes: { content } }, ADMIN);
      expect(edited.err).toBeUndefined();
    }
    await sql.query('DELETE FROM courses.modules WHERE id = $1', [draft.emptyModuleId]);
    const ready = courseDetailSchema.parse((await ask(COURSES_SUBJECTS.GET_COURSE, { id: draft.id }, ADMIN)).response);
    expect(ready.publication?.problems).toEqual([]);

    // A learner's search is kept while the index is unchanged: it must not hide the course once it is published.
    expect(await searchIds(LEARNER)).not.toContain(draft.id);

    const published = await ask(COURSE_PUBLISHING_SUBJECTS.PUBLISH, { id: draft.id }, ADMIN);
    expect(published.err).toBeUndefined();
    const course = courseDetailSchema.parse(published.response);
    expect(course.status).toBe('published');
    expect(course.publication?.status).toBe('published');
    expect(Date.parse(course.publication?.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    expect(await listIds(LEARNER)).toContain(draft.id);
    expect(await searchIds(LEARNER)).toContain(draft.id);
    expect(await recommendedIds(LEARNER)).toContain(draft.id);
    expect(await candidateIds()).toContain(draft.id);
    const seen = courseDetailSchema.parse((await ask(COURSES_SUBJECTS.GET_COURSE, { id: draft.id }, LEARNER)).response);
    expect(seen.status).toBe('published');
    expect(seen.publication).toBeUndefined();
    // Publishing again changes nothing.
    expect((await ask(COURSE_PUBLISHING_SUBJECTS.PUBLISH, { id: draft.id }, ADMIN)).err).toBeUndefined();

    // Back to a draft: the learner's kept search result goes with it.
    const unpublished = await ask(COURSE_PUBLISHING_SUBJECTS.UNPUBLISH, { id: draft.id }, ADMIN);
    expect(courseDetailSchema.parse(unpublished.response).status).toBe('draft');
    expect(await searchIds(LEARNER)).not.toContain(draft.id);
    expect(await searchIds(ADMIN)).toContain(draft.id);
    expect(await listIds(LEARNER)).not.toContain(draft.id);
    expect(await recommendedIds(LEARNER)).not.toContain(draft.id);
    expect(await candidateIds()).not.toContain(draft.id);
    expect((await ask(COURSES_SUBJECTS.GET_COURSE, { id: draft.id }, LEARNER)).err).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
  });

  it('keeps an admin search from filling a learner’s kept results with drafts', async () => {
    const draft = await insertDraft('Quarkwelding for Admins');
    // The admin searches first: their results (with the draft) are kept apart from learners'.
    expect(await searchIds(ADMIN)).toContain(draft.id);
    expect(await searchIds(LEARNER)).not.toContain(draft.id);
  });

  it('lets only admins publish or unpublish, and says so for a missing course or a bad id', async () => {
    const draft = await insertDraft('Quarkwelding Rules');
    for (const subject of [COURSE_PUBLISHING_SUBJECTS.PUBLISH, COURSE_PUBLISHING_SUBJECTS.UNPUBLISH]) {
      expect((await ask(subject, { id: draft.id }, LEARNER)).err).toEqual({ statusCode: 403, message: ADMINS_ONLY_MESSAGE });
      expect((await ask(subject, { id: randomUUID() }, ADMIN)).err).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
      expect((await ask(subject, { id: 'not-a-uuid' }, ADMIN)).err).toMatchObject({ statusCode: 400 });
    }
    const row = await sql.query('SELECT status FROM courses.courses WHERE id = $1', [draft.id]);
    expect(row.rows[0].status).toBe('draft');
  });

  it('publishes the seed catalog as it is written, while a course with no modules or description cannot be published', async () => {
    const seeded = await new CatalogSeeder(app.get(DataSource), pino({ level: 'silent' })).seedFrom(path.join(__dirname, 'fixtures', 'search-library'));
    expect(seeded.created.length).toBeGreaterThan(0);
    const statuses = await sql.query<{ status: string }>('SELECT DISTINCT status FROM courses.courses WHERE seed_key = ANY($1::text[])', [seeded.created]);
    expect(statuses.rows).toEqual([{ status: 'published' }]);

    const bare = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation)
       VALUES ('Empty Shell', ' \u200b ', '1 week', 'Online', 'Operations', 'green', 'ES') RETURNING id`,
    );
    const detail = courseDetailSchema.parse((await ask(COURSES_SUBJECTS.GET_COURSE, { id: bare.rows[0].id }, ADMIN)).response);
    expect(detail.publication?.problems.map((problem) => problem.kind)).toEqual(['no-description', 'no-modules']);
    expect((await ask(COURSE_PUBLISHING_SUBJECTS.PUBLISH, { id: bare.rows[0].id }, ADMIN)).err).toEqual({
      statusCode: 409,
      message: publishRefusedMessage(2),
    });
  });
});
