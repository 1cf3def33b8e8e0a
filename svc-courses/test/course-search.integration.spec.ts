import {
  AI_SUBJECTS,
  type Caller,
  COURSE_SEARCH_MESSAGES,
  COURSES_SUBJECTS,
  courseDetailSchema,
  type CourseSearchResponse,
  courseSearchResponseSchema,
  SEARCH_COUNTED_RESULTS,
  SEARCH_PASSAGE_NOT_FOUND_MESSAGE,
  searchPassageSchema,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CatalogSeeder } from '../src/catalog/catalog-seed';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { ANSWER_UNAVAILABLE_MESSAGE } from '../src/course-search/course-search.service';
import { PASSAGES_READ_PER_TERM, RANKED_PASSAGES } from '../src/course-search/passage-ranking';
import { SearchIndexBackfill } from '../src/course-search/search-index-backfill';
import { bootstrap } from '../src/main';
import { StandInAi, startStandInAi } from './support/stand-in-ai';
import { STAND_IN_ANSWER_MODEL } from './support/stand-in-search-ai';

/**
 * Course search on the real service (Postgres, NATS) over the built-in seed library plus one Arabic
 * course on pivot tables (test/fixtures/search-library), with a stand-in svc-ai answering
 * `ai.search.expand-query` and `ai.search.answer` as their contracts say.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const OTHER_LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const ARABIC_LIBRARY = path.join(__dirname, 'fixtures', 'search-library');

describe('course search', () => {
  let database: FreshDatabase;
  let ai: StandInAi;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_search');
    ai = await startStandInAi();
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    await app.get(CatalogSeedRunner).whenSeeded();
    await app.get(SearchIndexBackfill).whenDone();
    await new CatalogSeeder(app.get(DataSource), pino({ level: 'silent' })).seedFrom(ARABIC_LIBRARY);
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  afterEach(() => {
    ai.refuse(AI_SUBJECTS.ANSWER_SEARCH, null);
    ai.refuse(AI_SUBJECTS.EXPAND_SEARCH_QUERY, null);
  });

  async function ask(payload: unknown, caller: Caller = LEARNER) {
    return requestOverNats(nats, COURSES_SUBJECTS.SEARCH, payload, undefined, caller);
  }

  async function search(q: string, caller: Caller = LEARNER): Promise<CourseSearchResponse> {
    const reply = await ask({ q }, caller);
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return courseSearchResponseSchema.parse(reply.response);
  }

  /** `courses.search.passage`: a result's whole text, as the caller may read it. */
  async function passage(id: string, caller: Caller = LEARNER) {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.SEARCH_PASSAGE, { id }, undefined, caller);
    return reply.err ? { err: reply.err as { statusCode: number; message: string } } : { passage: searchPassageSchema.parse(reply.response) };
  }

  /** A draft course of one module and one lesson, written by the admin, whose passages a test then adds to by SQL. */
  async function createDraftCourse(title: string, description: string, abbreviation: string) {
    const created = await requestOverNats(
      nats,
      COURSES_SUBJECTS.CREATE_COURSE,
      {
        title,
        description,
        objective: 'Keep field notes',
        duration: '1 week',
        format: 'Online',
        departmentOwner: 'Operations',
        color: 'green',
        abbreviation,
        numberOfModules: 1,
        lessonsPerModule: 1,
        skills: [],
        createdBy: ADMIN.id,
      },
      undefined,
      ADMIN,
    );
    return courseDetailSchema.parse(created.response);
  }

  const lessonsOf = (result: CourseSearchResponse, top = 5) => result.chunks.slice(0, top).map((chunk) => chunk.lessonTitle);
  const passageCount = async (courseId: string) =>
    (await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM courses.search_passages WHERE course_id = $1', [courseId])).rows[0].count;

  it('indexed every seeded course, lessons in the course’s language', async () => {
    const unindexed = await sql.query(`SELECT id FROM courses.courses c WHERE NOT EXISTS (SELECT 1 FROM courses.search_passages p WHERE p.course_id = c.id)`);
    expect(unindexed.rowCount).toBe(0);
    const languages = await sql.query<{ language: string }>(
      `SELECT DISTINCT p.language FROM courses.search_passages p JOIN courses.courses c ON c.id = p.course_id WHERE c.seed_key = 'customer-service-excellence'`,
    );
    expect(languages.rows).toEqual([{ language: 'ar' }]);
  });

  it('finds the lesson that teaches pivot tables, answers from it citing [1], and asks svc-ai for the learner', async () => {
    const before = ai.calls.length;
    const result = await search('pivot tables');
    const [best] = result.chunks;
    expect(best).toMatchObject({ courseTitle: 'Excel Essentials for Everyday Work', lessonTitle: 'Pivot tables step by step', field: 'lesson', language: 'en' });
    expect(best.keywords).toEqual(['pivot', 'tables', 'Pivot Tables']);
    expect(best.content).toMatch(/pivot table/i);
    expect(best.content.length).toBeLessThanOrEqual(202);
    expect(best.relevanceScore).toBeGreaterThan(0.8);
    expect(result.chunks.map((chunk) => chunk.relevanceScore)).toEqual([...result.chunks.map((chunk) => chunk.relevanceScore)].sort((a, b) => b - a));
    expect(result.skills).toEqual(['Pivot Tables']);
    expect(result.matchedTerms.map((term) => term.toLowerCase())).toEqual(expect.arrayContaining(['pivot table', 'pivot tables']));
    expect(result.answer).toContain('[1]');
    expect(result.answerSource).toEqual({ provider: 'offline', model: STAND_IN_ANSWER_MODEL });
    expect(result.answerProblem).toBeNull();
    expect(result.summary.keyInsights.length).toBeGreaterThan(0);
    expect(result.totalResults).toBeGreaterThanOrEqual(result.chunks.length);
    expect(result.summary.lessonsFound).toBeGreaterThan(1);
    expect(result.relatedTopics).toContain('Microsoft Excel');
    expect(result.relatedTopics).not.toContain('Pivot Tables');

    const answerCall = ai.calls.slice(before).find((call) => call.subject === AI_SUBJECTS.ANSWER_SEARCH);
    expect(answerCall?.caller).toEqual(LEARNER);
    const sent = answerCall?.data as { language: string; passages: Array<{ n: number; lessonTitle: string; text: string }> };
    expect(sent.language).toBe('en');
    expect(sent.passages.map((passage) => passage.n)).toEqual([1, 2, 3, 4, 5]);
    // The reply carries previews; the whole text the answer was grounded in is read for the result a learner opens.
    const opened = await passage(best.id);
    expect(opened.passage).toMatchObject({ id: best.id, courseId: best.courseId, lessonId: best.lessonId, lessonTitle: best.lessonTitle, language: 'en' });
    expect(sent.passages[0]).toMatchObject({ lessonTitle: 'Pivot tables step by step', text: opened.passage?.fullText });
    expect(opened.passage?.fullText.replace(/\s+/g, ' ')).toContain(best.content.replace(/…/g, '').slice(0, 60));
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
  });

  it("answers 404 for a passage that is not in the index and 400 for an id that is not one", async () => {
    expect(await passage(randomUUID())).toEqual({ err: { statusCode: 404, message: SEARCH_PASSAGE_NOT_FOUND_MESSAGE } });
    expect((await passage('passage-1')).err?.statusCode).toBe(400);
  });

  it('reads quotes, backslashes and SQL in a query as words (the ranking writes its values into SQL as literals)', async () => {
    for (const q of [`pivot tables' OR '1'='1`, 'pivot "tables" \\ --', `جداول' ; DROP TABLE courses.search_passages; --`]) {
      const result = await search(q);
      expect(result.query).toBe(q);
    }
    expect((await search(`pivot tables' --`)).chunks[0].lessonTitle).toBe('Pivot tables step by step');
    expect(await passageCount((await search('pivot tables')).chunks[0].courseId)).toBeGreaterThan(0);
  });

  it('finds XLOOKUP where the lessons teach it', async () => {
    const result = await search('XLOOKUP');
    expect(result.chunks[0].lessonTitle).toBe('Looking up values with XLOOKUP');
    expect(result.chunks[0].keywords).toEqual(['XLOOKUP']);
    expect(result.matchedTerms).toContain('XLOOKUP');
  });

  it('reads "k8s" as Kubernetes through the taxonomy and finds the Kubernetes course’s lessons', async () => {
    const result = await search('k8s');
    expect(result.skills).toEqual(['Kubernetes']);
    const kubernetesLessons = result.chunks.filter((chunk) => chunk.courseTitle === 'Containers and Kubernetes Fundamentals' && chunk.field === 'lesson');
    expect(kubernetesLessons.length).toBeGreaterThan(0);
    expect(result.chunks.slice(0, 5).some((chunk) => chunk.courseTitle === 'Containers and Kubernetes Fundamentals')).toBe(true);
    expect(result.relatedTopics).toContain('Container Orchestration');
  });

  it('answers "الجداول المحورية" with English lessons on the skill and the Arabic lesson, in Arabic', async () => {
    const before = ai.calls.length;
    const result = await search('الجداول المحورية');
    expect(result.skills).toEqual(['الجداول المحورية']);
    const top = result.chunks.slice(0, 5);
    expect(top).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lessonTitle: 'الجداول المحورية خطوة بخطوة', language: 'ar' }),
        expect.objectContaining({ lessonTitle: 'Pivot tables step by step', language: 'en' }),
      ]),
    );
    expect(top[0].lessonTitle).toBe('الجداول المحورية خطوة بخطوة');
    expect(top[0].keywords[0]).toBe('الجداول');
    expect(result.matchedTerms).toEqual(expect.arrayContaining(['الجداول المحورية']));
    const answerCall = ai.calls.slice(before).find((call) => call.subject === AI_SUBJECTS.ANSWER_SEARCH);
    expect((answerCall?.data as { language: string }).language).toBe('ar');
  });

  it('matches an Arabic feminine plural with and without its article (Postgres alone stems them apart)', async () => {
    for (const q of ['المهارات', 'مهارات', 'والمهارات']) {
      const result = await search(q);
      expect(lessonsOf(result, 10)).toContain('مهارات التواصل مع العميل');
      expect(result.chunks.every((chunk) => chunk.keywords.length > 0)).toBe(true);
    }
    const [stems] = (await sql.query<{ bare: string; with_article: string }>(`SELECT to_tsvector('arabic', 'مهارات')::text AS bare, to_tsvector('arabic', 'المهارات')::text AS with_article`)).rows as Array<{ bare: string; with_article: string }>;
    expect(stems.bare).not.toBe(stems.with_article);
  });

  it('corrects a misspelt word to the nearest word the library has', async () => {
    const misspelt = await search('pivto');
    expect(misspelt.chunks[0].lessonTitle).toBe('Pivot tables step by step');
    expect(misspelt.chunks[0].keywords).toContain('pivot');
    const kubernetes = await search('kuberntes');
    expect(kubernetes.chunks.slice(0, 5).some((chunk) => /Kubernetes/.test(chunk.courseTitle))).toBe(true);
  });

  it('says honestly that the library has nothing on a subject it lacks, in the query’s language, without asking svc-ai for an answer', async () => {
    const before = ai.calls.length;
    const english = await search('quantum chromodynamics');
    expect(english).toMatchObject({
      answer: 'Your course library has nothing on "quantum chromodynamics" yet.',
      answerSource: null,
      answerProblem: null,
      totalResults: 0,
      totalResultsCapped: false,
      chunks: [],
      summary: { coursesFound: 0, modulesFound: 0, lessonsFound: 0, keyInsights: [] },
    });
    const arabic = await search('التزلج الجليدي');
    expect(arabic.answer).toBe('لا يوجد في مكتبة دوراتك شيء عن «التزلج الجليدي» حتى الآن.');
    expect(arabic.chunks).toEqual([]);
    expect(ai.calls.slice(before).filter((call) => call.subject === AI_SUBJECTS.ANSWER_SEARCH)).toEqual([]);
  });

  it.each([
    ['', COURSE_SEARCH_MESSAGES.blank],
    ['   ', COURSE_SEARCH_MESSAGES.blank],
    ['\u200B\u200C\u2060', COURSE_SEARCH_MESSAGES.blank],
    ['x'.repeat(201), COURSE_SEARCH_MESSAGES.tooLong],
  ])('refuses %j with 400 and a message', async (q, message) => {
    const reply = await ask({ q });
    expect(reply.err).toEqual({ statusCode: 400, message: `q: ${message}` });
  });

  it('refuses a missing query with 400', async () => {
    const reply = await ask({});
    expect(reply.err).toMatchObject({ statusCode: 400 });
  });

  it('still returns the results when svc-ai refuses the answer, saying why', async () => {
    const budget = 'Your monthly AI budget for search answers is used up';
    ai.refuse(AI_SUBJECTS.ANSWER_SEARCH, { statusCode: 429, message: budget });
    const refused = await search('pivot tables');
    expect(refused).toMatchObject({ answer: '', answerSource: null, answerProblem: budget });
    expect(refused.chunks[0].lessonTitle).toBe('Pivot tables step by step');

    ai.refuse(AI_SUBJECTS.ANSWER_SEARCH, { statusCode: 502, message: 'The language model failed' });
    const failed = await search('pivot tables');
    expect(failed).toMatchObject({ answer: '', answerSource: null, answerProblem: ANSWER_UNAVAILABLE_MESSAGE });
  });

  it('searches by the words alone when svc-ai cannot expand the query, and does not keep those results', async () => {
    ai.refuse(AI_SUBJECTS.EXPAND_SEARCH_QUERY, { statusCode: 503, message: 'The AI service is unavailable' });
    const result = await search('pivot table');
    expect(result.skills).toEqual([]);
    expect(result.chunks[0].lessonTitle).toBe('Pivot tables step by step');

    ai.refuse(AI_SUBJECTS.EXPAND_SEARCH_QUERY, null);
    expect((await search('pivot table')).skills).toEqual(['Pivot Tables']);
  });

  it('answers a repeated search from the kept results while the index is unchanged, still asking for the answer each time', async () => {
    // Only the search's own calls: a quality review an earlier test queued may ask svc-ai to fact-check meanwhile.
    const searchCallsOf = (from: number) => ai.calls.slice(from).filter((call) => call.subject.startsWith('ai.search.'));
    const subjectsOf = (from: number) => searchCallsOf(from).map((call) => call.subject);
    const first = await search('window functions');
    const before = ai.calls.length;
    // Kept for every learner (admins' results, which hold drafts, are kept apart), answered in the searcher's name.
    const again = await search('window functions', OTHER_LEARNER);
    expect(subjectsOf(before)).toEqual([AI_SUBJECTS.ANSWER_SEARCH]);
    expect(searchCallsOf(before)[0].caller).toEqual(OTHER_LEARNER);
    expect(again.chunks).toEqual(first.chunks);
    expect(again.totalResults).toBe(first.totalResults);

    // Any write to the passages moves the index on, and the next search reads it again.
    const course = first.chunks[0].courseId;
    await sql.query(`UPDATE courses.search_passages SET text = text WHERE course_id = $1 AND field = 'course'`, [course]);
    const afterChange = ai.calls.length;
    await search('window functions');
    expect(subjectsOf(afterChange)).toEqual(expect.arrayContaining([AI_SUBJECTS.EXPAND_SEARCH_QUERY, AI_SUBJECTS.ANSWER_SEARCH]));
  });

  it('keeps the index in step when a course is created, given modules and deleted', async () => {
    const form = {
      title: 'Zanzibar Warehouse Onboarding',
      description: 'How new Zanzibar warehouse staff receive, store and pick stock safely in their first week.',
      objective: 'Receive and pick stock safely',
      duration: '1 week',
      format: 'Online',
      departmentOwner: 'Operations',
      color: 'green',
      abbreviation: 'ZWO',
      numberOfModules: 1,
      lessonsPerModule: 2,
      skills: ['Warehouse Operations', 'Inventory Management'],
      createdBy: ADMIN.id,
    };
    const created = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, form, undefined, ADMIN);
    const course = courseDetailSchema.parse(created.response);
    const afterCreate = await passageCount(course.id);
    expect(afterCreate).toBeGreaterThan(course.modules.length);
    // A new course is a draft: admins find it, learners do not (test/course-publishing.integration.spec.ts).
    const found = await search('Zanzibar', ADMIN);
    expect(found.chunks[0]).toMatchObject({ courseId: course.id, field: 'course', courseTitle: form.title });
    // Its passages are an admin's to read; to a learner a draft's passage is not found, like a missing one.
    expect((await passage(found.chunks[0].id, ADMIN)).passage?.fullText).toContain(form.description);
    expect(await passage(found.chunks[0].id, LEARNER)).toEqual({ err: { statusCode: 404, message: SEARCH_PASSAGE_NOT_FOUND_MESSAGE } });

    const added = await requestOverNats(nats, COURSES_SUBJECTS.ADD_MODULES, { id: course.id, numberOfModules: 1, lessonsPerModule: 2 }, undefined, ADMIN);
    expect(added.err).toBeUndefined();
    const moduleIds = (await sql.query<{ id: string }>('SELECT id FROM courses.modules WHERE course_id = $1 ORDER BY position', [course.id])).rows;
    expect(moduleIds).toHaveLength(2);
    const indexedModules = await sql.query<{ module_id: string }>(
      `SELECT DISTINCT module_id FROM courses.search_passages WHERE course_id = $1 AND module_id IS NOT NULL`,
      [course.id],
    );
    expect(indexedModules.rows.map((row) => row.module_id).sort()).toEqual(moduleIds.map((row) => row.id).sort());
    expect(await passageCount(course.id)).toBeGreaterThan(afterCreate);

    const deleted = await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: course.id }, undefined, ADMIN);
    expect(deleted.err).toBeUndefined();
    expect(await passageCount(course.id)).toBe(0);
    expect((await passage(found.chunks[0].id, ADMIN)).err?.statusCode).toBe(404);
    const gone = await search('Zanzibar', ADMIN);
    expect(gone.chunks).toEqual([]);
    expect(gone.answer).toBe('Your course library has nothing on "Zanzibar" yet.');
  });

  it('finds the passage naming every word of the query when each word alone matches more passages than are read per term', async () => {
    const course = await createDraftCourse('Marsupial Field Notes', 'Notes from the field.', 'MFN');
    const crowd = PASSAGES_READ_PER_TERM + 50;
    try {
      // Each word alone in more passages than a term's read, written first; the passage with both words last.
      await sql.query(
        `INSERT INTO courses.search_passages (course_id, field, position, language, title, text, normalised_title, normalised_text)
           SELECT $1, 'course', 100 + g, 'en', 'Note ' || g, t.text, 'note ' || g, lower(t.text)
             FROM generate_series(1, $2::int) AS g, (VALUES ('A quokka was seen near the river.'), ('A wombat dug a burrow by the fence.')) AS t(text)`,
        [course.id, crowd],
      );
      await sql.query(
        `INSERT INTO courses.search_passages (course_id, field, position, language, title, text, normalised_title, normalised_text)
           VALUES ($1, 'course', 10000, 'en', 'Quokka and wombat together', 'The quokka shared the wombat burrow.', 'quokka and wombat together', 'the quokka shared the wombat burrow.')`,
        [course.id],
      );
      const result = await search('quokka wombat', ADMIN);
      expect(result.chunks[0]).toMatchObject({ courseId: course.id, content: 'The quokka shared the wombat burrow.' });
      // Ranking is capped, the count is not: every passage naming either word is counted.
      expect(result.totalResults).toBeGreaterThanOrEqual(2 * crowd + 1);
      expect(result.totalResultsCapped).toBe(false);

      // Past SEARCH_COUNTED_RESULTS the count stops there and says there are more.
      const exactly = SEARCH_COUNTED_RESULTS - result.totalResults;
      await sql.query(
        `INSERT INTO courses.search_passages (course_id, field, position, language, title, text, normalised_title, normalised_text)
           SELECT $1, 'course', 20000 + g, 'en', 'Wombat ' || g, 'A wombat slept.', 'wombat ' || g, 'a wombat slept.' FROM generate_series(1, $2::int) AS g`,
        [course.id, exactly],
      );
      const atTheLimit = await search('quokka wombat', ADMIN);
      expect(atTheLimit).toMatchObject({ totalResults: SEARCH_COUNTED_RESULTS, totalResultsCapped: false });
      await sql.query(
        `INSERT INTO courses.search_passages (course_id, field, position, language, title, text, normalised_title, normalised_text)
           VALUES ($1, 'course', 30000, 'en', 'One wombat more', 'A wombat woke.', 'one wombat more', 'a wombat woke.')`,
        [course.id],
      );
      const pastTheLimit = await search('quokka wombat', ADMIN);
      expect(pastTheLimit).toMatchObject({ totalResults: SEARCH_COUNTED_RESULTS, totalResultsCapped: true });
      expect(pastTheLimit.chunks[0]).toMatchObject({ content: 'The quokka shared the wombat burrow.' });
    } finally {
      await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: course.id }, undefined, ADMIN);
    }
  });

  it('counts the courses, modules and lessons of every matching passage, not only of the passages ranked', async () => {
    const course = await createDraftCourse('Marsupial Field Survey', 'Surveying the bush.', 'MFS');
    const lessons = RANKED_PASSAGES + 50;
    try {
      // More lessons naming the word than a search ranks, in a module of their own.
      await sql.query(
        `WITH module AS (
           INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 100, 'Numbat sightings', 'Where numbats were seen.') RETURNING id),
         lesson AS (
           INSERT INTO courses.lessons (module_id, position, title, duration, type, content)
             SELECT module.id, g, 'Sighting ' || g, '5 min', 'reading', 'A numbat foraged for termites.' FROM module, generate_series(1, $2::int) AS g
             RETURNING id, module_id, position)
         INSERT INTO courses.search_passages (course_id, module_id, lesson_id, field, position, language, title, text, normalised_title, normalised_text)
           SELECT $1, lesson.module_id, lesson.id, 'lesson', lesson.position, 'en', 'Sighting ' || lesson.position, 'A numbat foraged for termites.',
                  'sighting ' || lesson.position, 'a numbat foraged for termites.'
             FROM lesson`,
        [course.id, lessons],
      );
      const result = await search('numbat', ADMIN);
      expect(result).toMatchObject({ totalResults: lessons, totalResultsCapped: false });
      expect(result.summary).toMatchObject({ coursesFound: 1, modulesFound: 1, lessonsFound: lessons });
      // A learner does not see the draft's passages, nor count them.
      expect((await search('numbat', LEARNER)).summary).toMatchObject({ coursesFound: 0, modulesFound: 0, lessonsFound: 0 });
    } finally {
      await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: course.id }, undefined, ADMIN);
    }
  });

  it('indexes a course written around svc-courses at the next boot', async () => {
    const [row] = (
      await sql.query<{ id: string }>(
        `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation)
         VALUES ('Quokka Handling Basics', 'Caring for quokkas.', '1 week', 'Online', 'Operations', 'green', 'QHB') RETURNING id`,
      )
    ).rows;
    const backfill = new SearchIndexBackfill(app.get(DataSource), pino({ level: 'silent' }));
    backfill.onApplicationBootstrap();
    expect(await backfill.whenDone()).toBe(1);
    expect(await passageCount(row.id)).toBe(1);
    expect((await search('quokka', ADMIN)).chunks[0].courseId).toBe(row.id);
  });
});
