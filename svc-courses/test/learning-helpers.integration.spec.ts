import {
  AI_GOVERNANCE_SUBJECTS,
  aiFeatureOffMessage,
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  COURSES_SUBJECTS,
  type ErrorReply,
  LEARNING_HELPER_MESSAGES,
  type LearningHelperReply,
  learningHelperReplySchema,
  OFFLINE_MODEL_NAME,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { LearningHelpersService, LESSON_NOT_FOUND_MESSAGE } from '../src/learning-helpers/learning-helpers.service';
import { bootstrap } from '../src/main';
import { AiProcess, startAi } from './support/ai-process';

/**
 * The learning helpers on a search result, on the real service: the seed catalog in a fresh
 * database, the real svc-ai (offline) in its own process on the same database (its call log is in
 * schema `ai`), and NATS. What the library gives svc-ai shows in the answers: a quiz's wrong options
 * are words of the related lessons, a deep analysis names the courses that go deeper.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const ARABIC_LETTER = /[\u0621-\u064a]/;

interface SeedLesson {
  id: string;
  courseId: string;
  content: string;
  keyPoints: string[];
}

describe('learning helpers in svc-courses', () => {
  let database: FreshDatabase;
  let ai: AiProcess;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let pivots: SeedLesson;
  let hazards: SeedLesson;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_learning_helpers');
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url });
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    await app.get(CatalogSeedRunner).whenSeeded();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    pivots = await seedLesson('Pivot tables step by step');
    hazards = await seedLesson('مصدر الخطر والمخاطرة: المفاهيم الأساسية');
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  async function seedLesson(title: string): Promise<SeedLesson> {
    const { rows } = await sql.query<{ id: string; course_id: string; content: string; key_points: string[] }>(
      `SELECT l.id, m.course_id, l.content, l.key_points FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id WHERE l.title = $1`,
      [title],
    );
    expect(rows).toHaveLength(1);
    return { id: rows[0].id, courseId: rows[0].course_id, content: rows[0].content, keyPoints: rows[0].key_points };
  }

  /** `caller` null: a message that names nobody. */
  async function ask(body: unknown, caller: Caller | null = LEARNER): Promise<{ reply?: LearningHelperReply; err?: ErrorReply }> {
    const answer = await requestOverNats(nats, COURSES_SUBJECTS.RUN_LEARNING_HELPER, body, undefined, caller ?? undefined);
    if (answer.err) return { err: answer.err as ErrorReply };
    return { reply: learningHelperReplySchema.parse(answer.response) };
  }

  async function helper(body: Record<string, unknown>): Promise<string> {
    const { reply, err } = await ask(body);
    expect(err).toBeUndefined();
    expect(reply).toMatchObject({ provider: 'offline', model: OFFLINE_MODEL_NAME });
    return reply!.response;
  }

  /** The "A) word" options of each question, and the right one per question from the answers. */
  function quizOf(markdown: string): Array<{ options: string[]; answer: string }> {
    // The answers are the last section.
    const cut = markdown.lastIndexOf('\n### ');
    const [questions, answers] = [markdown.slice(0, cut), markdown.slice(cut)];
    const blocks = questions.split(/^\*\*\d\.\*\* /m).slice(1);
    return blocks.map((block, index) => {
      const options = [...block.matchAll(/^- [A-D]\) (.+)$/gm)].map(([, option]) => option);
      const answer = new RegExp(`^${index + 1}\\. [A-D]\\) (.+?) — `, 'm').exec(answers)?.[1] ?? '';
      return { options, answer };
    });
  }

  it('gathers the library around an English lesson: its key points and skills, other courses’ lessons on them, and courses that go deeper', async () => {
    const gathered = await app.get(LearningHelpersService).gather({
      action: 'generate_quiz',
      query: '',
      content: pivots.content,
      context: { courseTitle: '', moduleTitle: '', lessonTitle: '' },
      lessonId: pivots.id,
    });
    expect(gathered.language).toBe('en');
    expect(gathered.passage).toMatchObject({
      courseTitle: 'Excel Essentials for Everyday Work',
      moduleTitle: 'Summarising and Presenting Data',
      lessonTitle: 'Pivot tables step by step',
      keyPoints: pivots.keyPoints,
      level: 'beginner',
    });
    expect(gathered.passage.skills).toContain('Pivot Tables');
    const related = gathered.relatedLessons ?? [];
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(20);
    // Other courses only; the first ones teach Excel too.
    expect(related.every((lesson) => lesson.courseTitle !== 'Excel Essentials for Everyday Work')).toBe(true);
    expect(related[0].courseTitle).toBe('Financial Modelling in Excel');
    const deeper = gathered.deeperCourses ?? [];
    expect(deeper.length).toBeGreaterThan(0);
    expect(deeper.length).toBeLessThanOrEqual(10);
    expect(deeper.every((course) => course.level !== 'beginner')).toBe(true);
    expect(deeper.map((course) => course.title)).toContain('Financial Modelling in Excel');
  });

  it('writes a quiz on an English lesson whose right answers are the lesson’s words and wrong options the related lessons’ words, logged as the learner’s', async () => {
    const quiz = await helper({ action: 'generate_quiz', content: pivots.content, lessonId: pivots.id, courseId: pivots.courseId });
    expect(quiz).toMatch(/^## Knowledge quiz: Pivot tables step by step\n/);
    const { relatedLessons = [] } = await app.get(LearningHelpersService).gather({
      action: 'generate_quiz',
      query: '',
      content: pivots.content,
      context: { courseTitle: '', moduleTitle: '', lessonTitle: '' },
      lessonId: pivots.id,
    });
    const relatedWords = relatedLessons.flatMap((lesson) => [...lesson.keyPoints, lesson.lessonTitle]).join(' ');
    const questions = quizOf(quiz);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    for (const { options, answer } of questions) {
      expect(pivots.content + pivots.keyPoints.join(' ')).toContain(answer);
      expect(options).toContain(answer);
      for (const wrong of options.filter((option) => option !== answer)) expect(relatedWords).toContain(wrong);
    }
    // svc-ai was asked in the learner's name: its call log has the call as theirs.
    const calls = await sql.query(`SELECT user_id, user_role, feature, outcome FROM ai.ai_calls WHERE user_id = $1`, [LEARNER.id]);
    expect(calls.rows).toContainEqual({ user_id: LEARNER.id, user_role: 'learner', feature: 'learning-helpers', outcome: 'succeeded' });
  });

  it('answers on an Arabic seed lesson in Arabic (the course’s language): a quiz with Arabic options, a summary with its key points', async () => {
    const quiz = await helper({ action: 'generate_quiz', content: hazards.content, lessonId: hazards.id });
    expect(quiz).toMatch(/^## اختبار المعرفة: /);
    expect(quiz).toContain('### الإجابات');
    const questions = quizOf(quiz);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    for (const { options } of questions) expect(options.every((option) => ARABIC_LETTER.test(option))).toBe(true);

    const summary = await helper({ action: 'summarize', content: hazards.content, lessonId: hazards.id });
    expect(summary).toMatch(/^## الملخص الذكي: /);
    expect(summary).toContain(hazards.keyPoints[0]);
  });

  it('relates an Arabic lesson to other Arabic lessons by their normalised, stemmed words, and takes its quiz’s wrong options from them', async () => {
    const gathered = await app.get(LearningHelpersService).gather({
      action: 'generate_quiz',
      query: '',
      content: hazards.content,
      context: { courseTitle: '', moduleTitle: '', lessonTitle: '' },
      lessonId: hazards.id,
    });
    expect(gathered.language).toBe('ar');
    const related = gathered.relatedLessons ?? [];
    const arabic = related.filter((lesson) => ARABIC_LETTER.test(lesson.lessonTitle));
    // Other Arabic courses' lessons, first: through words written differently from the passage's
    // (with and without ال, feminine plurals), where exact word forms found one or two.
    expect(arabic.length).toBeGreaterThanOrEqual(4);
    expect(new Set(arabic.map((lesson) => lesson.courseTitle)).size).toBeGreaterThanOrEqual(3);
    expect(related.slice(0, arabic.length)).toEqual(arabic);
    const { rows: ownCourse } = await sql.query<{ title: string }>(`SELECT title FROM courses.courses WHERE id = $1`, [hazards.courseId]);
    expect(arabic.every((lesson) => lesson.courseTitle !== ownCourse[0].title)).toBe(true);

    const quiz = await helper({ action: 'generate_quiz', content: hazards.content, lessonId: hazards.id });
    const relatedWords = arabic.flatMap((lesson) => [...lesson.keyPoints, lesson.lessonTitle]).join(' ');
    const wrongOptions = quizOf(quiz).flatMap(({ options, answer }) => options.filter((option) => option !== answer));
    expect(wrongOptions.length).toBeGreaterThanOrEqual(6);
    for (const wrong of wrongOptions) {
      expect(ARABIC_LETTER.test(wrong)).toBe(true);
      expect(relatedWords).toContain(wrong);
    }
  });

  it('names the Arabic courses that go deeper first in an Arabic lesson’s Deep Understanding', async () => {
    // An intermediate Arabic course and an intermediate English one on the safety course's skills.
    const deeperArabic = 'السلامة المهنية المتقدمة: تقييم المخاطر والتحقيق في الحوادث';
    const deeperEnglish = 'Advanced Occupational Safety Management';
    for (const [title, language] of [
      [deeperArabic, 'ar'],
      [deeperEnglish, 'en'],
    ]) {
      await sql.query(
        `INSERT INTO courses.courses (id, title, description, objective, duration, format, department_owner, color, abbreviation, prerequisites,
                                      skills, level, category, language, kind, estimated_hours, status)
         SELECT gen_random_uuid(), $2, description, objective, duration, format, department_owner, color, abbreviation, prerequisites,
                ARRAY['HSE Risk Assessment', 'Incident Investigation'], 'intermediate', category, $3, kind, estimated_hours, 'published'
           FROM courses.courses WHERE id = $1`,
        [hazards.courseId, title, language],
      );
    }
    try {
      const gathered = await app.get(LearningHelpersService).gather({
        action: 'deep_analysis',
        query: '',
        content: hazards.content,
        context: { courseTitle: '', moduleTitle: '', lessonTitle: '' },
        lessonId: hazards.id,
      });
      const titles = (gathered.deeperCourses ?? []).map((course) => course.title);
      expect(titles[0]).toBe(deeperArabic);
      expect(titles).toContain(deeperEnglish);

      const analysis = await helper({ action: 'deep_analysis', content: hazards.content, lessonId: hazards.id });
      expect(analysis.indexOf(deeperArabic)).toBeGreaterThan(-1);
      expect(analysis.indexOf(deeperArabic)).toBeLessThan(analysis.indexOf(deeperEnglish));
      // Its related lessons are Arabic too.
      const relatedSection = analysis.slice(analysis.lastIndexOf('### '));
      expect(relatedSection).toMatch(/^### دروس ذات صلة/);
      expect(relatedSection.split('\n').filter((line) => line.startsWith('- ')).every((line) => ARABIC_LETTER.test(line))).toBe(true);
    } finally {
      await sql.query(`DELETE FROM courses.courses WHERE title = ANY($1::text[])`, [[deeperArabic, deeperEnglish]]);
    }
  });

  it('answers in the language asked for, and by the passage’s letters when nothing else says', async () => {
    const asked = await helper({ action: 'summarize', content: pivots.content, lessonId: pivots.id, language: 'ar' });
    expect(asked).toContain('### باختصار');
    expect(asked).toContain('A pivot table summarises thousands of rows');

    // Neither id: only what the body gives (no key points, no skills), the language by its letters.
    const bare = await helper({ action: 'summarize', content: hazards.content, context: { lessonTitle: 'درس بلا معرف' } });
    expect(bare).toMatch(/^## الملخص الذكي: درس بلا معرف/);
    const gathered = await app.get(LearningHelpersService).gather({
      action: 'summarize',
      query: '',
      content: pivots.content,
      context: { courseTitle: 'From the result', moduleTitle: '', lessonTitle: 'Pivots' },
    });
    expect(gathered.language).toBe('en');
    expect(gathered.passage).toMatchObject({ courseTitle: 'From the result', lessonTitle: 'Pivots', keyPoints: [], activities: [], skills: [] });
    expect(gathered.deeperCourses).toEqual([]);
  });

  it('analyses a course passage with the courses that go deeper, and puts scenarios in the job role the gateway sent', async () => {
    const analysis = await helper({ action: 'deep_analysis', content: pivots.content, courseId: pivots.courseId });
    expect(analysis).toContain('Financial Modelling in Excel');

    const scenarios = await helper({ action: 'creative_scenarios', content: pivots.content, lessonId: pivots.id, jobRole: 'Sales Operations Analyst' });
    expect(scenarios).toContain('Sales Operations Analyst');
  });

  it('answers 404 for a lesson or course the library does not have, or a lesson of another course', async () => {
    expect((await ask({ action: 'summarize', content: pivots.content, lessonId: randomUUID() })).err).toEqual({
      statusCode: 404,
      message: LESSON_NOT_FOUND_MESSAGE,
    });
    expect((await ask({ action: 'summarize', content: pivots.content, courseId: randomUUID() })).err).toEqual({
      statusCode: 404,
      message: COURSE_NOT_FOUND_MESSAGE,
    });
    expect((await ask({ action: 'summarize', content: pivots.content, lessonId: pivots.id, courseId: hazards.courseId })).err).toEqual({
      statusCode: 404,
      message: LESSON_NOT_FOUND_MESSAGE,
    });
  });

  it('answers 400 with the contract’s message for a bad body, and 401 without a caller', async () => {
    expect((await ask({ action: 'summarize', content: '   ' })).err).toEqual({ statusCode: 400, message: expect.stringContaining(LEARNING_HELPER_MESSAGES.contentBlank) });
    expect((await ask({ action: 'translate', content: pivots.content })).err).toEqual({
      statusCode: 400,
      message: expect.stringContaining(LEARNING_HELPER_MESSAGES.unknownAction),
    });
    expect((await ask({ action: 'summarize', content: 'x'.repeat(20_001) })).err).toEqual({
      statusCode: 400,
      message: expect.stringContaining(LEARNING_HELPER_MESSAGES.contentTooLong),
    });
    expect((await ask({ action: 'summarize', content: pivots.content, lessonId: 'not-a-uuid' })).err?.statusCode).toBe(400);
    expect((await ask({ action: 'summarize', content: pivots.content }, null)).err?.statusCode).toBe(401);
  });

  it('passes svc-ai’s refusal through with its status and message when an admin turns the helpers off', async () => {
    const setHelpers = async (enabled: boolean) => {
      const reply = await requestOverNats(
        nats,
        AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE,
        { feature: 'learning-helpers', enabled, provider: 'offline', model: null },
        undefined,
        ADMIN,
      );
      expect(reply.err).toBeUndefined();
    };
    await setHelpers(false);
    try {
      expect((await ask({ action: 'summarize', content: pivots.content, lessonId: pivots.id })).err).toEqual({
        statusCode: 403,
        message: aiFeatureOffMessage('learning-helpers'),
      });
    } finally {
      await setHelpers(true);
    }
    expect((await ask({ action: 'summarize', content: pivots.content, lessonId: pivots.id })).reply?.response).toMatch(/^## Smart summary/);
  });
});
