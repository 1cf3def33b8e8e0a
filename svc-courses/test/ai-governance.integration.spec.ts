import {
  type AgentTask,
  agentTaskSchema,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_SUBJECTS,
  aiBudgetExceededMessage,
  aiContentLabelSchema,
  aiFeatureOffMessage,
  type Caller,
  COURSE_UPLOADS_BUCKET,
  courseCreationTaskSchema,
  type CourseDetail,
  courseDetailSchema,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  createFromCategoriesReplySchema,
  errorReplySchema,
  nextBudgetReset,
  SYSTEM_CALLER_ID,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, pollUntil, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { runCoursesMigrations } from '../src/database/data-source';
import { bootstrap } from '../src/main';
import { documentFixture } from './fixtures/documents/fixture-files';
import { STAND_IN_MODEL, StandInAi, startStandInAi } from './support/stand-in-ai';

/**
 * AI governance as svc-courses takes part in it, on the real service (Postgres, Bull on Redis,
 * NATS) with a stand-in svc-ai that records whom each call names and refuses as svc-ai's
 * governance does: who svc-ai is asked for (in a request, in a queued task), refusals failing tasks
 * and passing through requests, and the AI labels on what svc-ai wrote, shown to admins only.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };

const FORM = {
  title: 'Running Scrum Sprints',
  description: 'How a Scrum team plans, runs and reviews a sprint: the Product Backlog, sprint planning, daily scrums and retrospectives.',
  objective: 'Run every Scrum event well and keep the Product Backlog ordered.',
  duration: '3 weeks',
  format: 'Online',
  departmentOwner: 'Project Management Office',
  color: 'green',
  abbreviation: 'RSS',
  numberOfModules: 1,
  lessonsPerModule: 2,
};

describe('AI governance in svc-courses', () => {
  let database: FreshDatabase;
  let ai: StandInAi;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let pick: { id: string; title: string };

  beforeAll(async () => {
    database = await createFreshDatabase('courses_ai_governance');
    ai = await startStandInAi();
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    await app.get(CatalogSeedRunner).whenSeeded();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    pick = (await sql.query<{ id: string; title: string }>(`SELECT id, title FROM courses.courses WHERE title = 'SQL and Relational Databases'`)).rows[0];
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  afterEach(() => {
    ai.refuse(AI_SUBJECTS.COMPOSE_LESSONS, null);
    ai.refuse(AI_SUBJECTS.EXTRACT_SKILLS, null);
  });

  async function ask<T>(subject: string, data: unknown, caller: Caller | undefined, parse: (value: unknown) => T): Promise<T> {
    const reply = await requestOverNats(nats, subject, data, undefined, caller);
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return parse(reply.response);
  }
  /** New courses are drafts; these tests are about what learners see of a published one. */
  const publish = (id: string) => sql.query(`UPDATE courses.courses SET status = 'published', published_at = now() WHERE id = $1`, [id]);
  const getCourse = (id: string, caller?: Caller) => ask(COURSES_SUBJECTS.GET_COURSE, { id }, caller, (value) => courseDetailSchema.parse(value));
  const startReadyAi = async (caller: Caller) =>
    (await ask(COURSES_SUBJECTS.START_READY_AI, { selectedCourses: [pick] }, caller, (value) => createFromCategoriesReplySchema.parse(value))).tasks[0];
  const waitUntilEnded = (id: string): Promise<AgentTask> =>
    pollUntil(async () => {
      const task = await ask(COURSES_AGENT_TASK_SUBJECTS.GET, { id }, ADMIN, (value) => agentTaskSchema.parse(value));
      return ['completed', 'failed', 'cancelled'].includes(task.status) ? task : undefined;
    }, `task ${id} to end`);
  const callsSince = (count: number) => ai.calls.slice(count);
  const courseCount = async () => (await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM courses.courses')).rows[0].count;
  const labelsOf = (course: CourseDetail) => course.modules.flatMap((module) => module.lessons.map((lesson) => lesson.aiLabel));

  it('migrated up: the task starter’s role (learner for tasks from before, none for Masar’s own) and AI labels on courses and lessons', async () => {
    const columns = await sql.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'courses' AND column_name IN ('created_by_role', 'ai_label') ORDER BY table_name`,
    );
    expect(columns.rows).toEqual([
      { table_name: 'agent_tasks', column_name: 'created_by_role', data_type: 'text' },
      { table_name: 'courses', column_name: 'ai_label', data_type: 'jsonb' },
      { table_name: 'lessons', column_name: 'ai_label', data_type: 'jsonb' },
    ]);
    // Running them again changes nothing; the seed catalog's review is Masar's own task, without a role.
    expect(await runCoursesMigrations(database.url)).toEqual([]);
    const seedReview = await pollUntil(async () => {
      const rows = (await sql.query(`SELECT created_by_role FROM courses.agent_tasks WHERE created_by = $1`, [SYSTEM_CALLER_ID])).rows;
      return rows.length > 0 ? rows : undefined;
    }, 'the seed catalog review task');
    expect(seedReview).toEqual([{ created_by_role: null }]);
    // People's tasks always name a role; Masar's never do.
    await expect(
      sql.query(`INSERT INTO courses.agent_tasks (type, title, created_by, created_by_role) VALUES ('quality-review', 'x', $1, NULL)`, [LEARNER.id]),
    ).rejects.toThrow(/agent_tasks_created_by_role_check/);
    // The seed catalog was written by people: no labels.
    expect((await sql.query(`SELECT count(*)::int AS count FROM courses.lessons WHERE ai_label IS NOT NULL`)).rows[0].count).toBe(0);
  });

  it('a course from the form asks svc-ai for its caller, and its written lessons carry lesson writing’s label, for admins only', async () => {
    const before = ai.calls.length;
    const created = await ask(COURSES_SUBJECTS.CREATE_COURSE, { ...FORM, createdBy: ADMIN.id }, ADMIN, (value) => courseDetailSchema.parse(value));
    // The quality reviews running meanwhile (the seed catalog's, this course's) ask for fact-checks of their own.
    const calls = callsSince(before).filter((call) => call.subject !== AI_SUBJECTS.FACT_CHECK_LESSONS);
    expect(calls.map((call) => call.subject)).toEqual([AI_SUBJECTS.EXTRACT_SKILLS, AI_SUBJECTS.COMPOSE_LESSONS]);
    expect(calls.every((call) => JSON.stringify(call.caller) === JSON.stringify(ADMIN))).toBe(true);

    // The admin's own reply, and the course page for an admin, show the labels; the person filled in the course, so it has none.
    for (const course of [created, await getCourse(created.id, ADMIN)]) {
      expect(course.aiLabel).toBeUndefined();
      for (const label of labelsOf(course)) {
        expect(aiContentLabelSchema.parse(label)).toMatchObject({ feature: 'lesson-writing', provider: 'offline', model: STAND_IN_MODEL });
      }
    }
    // A learner, and a message naming nobody, never see them (once it is published: a draft is the admins' alone).
    await publish(created.id);
    for (const course of [await getCourse(created.id, LEARNER), await getCourse(created.id)]) {
      expect(labelsOf(course).every((label) => label === undefined)).toBe(true);
      expect(JSON.stringify(course)).not.toContain('aiLabel');
    }
  });

  it('a Ready AI task asks svc-ai for the learner who started it, and labels the course and each lesson it wrote', async () => {
    const before = ai.calls.length;
    const startedAt = new Date();
    const task = await startReadyAi(LEARNER);
    expect((await sql.query(`SELECT created_by_role FROM courses.agent_tasks WHERE id = $1`, [task.id])).rows[0].created_by_role).toBe('learner');
    const ended = await waitUntilEnded(task.id);
    expect(ended.status).toBe('completed');

    const calls = callsSince(before).filter((call) => call.subject === AI_SUBJECTS.COMPOSE_LESSONS);
    expect(calls).toHaveLength(6);
    expect(calls.every((call) => JSON.stringify(call.caller) === JSON.stringify(LEARNER))).toBe(true);

    const course = await getCourse(ended.result!.courseId!, ADMIN);
    const courseLabel = aiContentLabelSchema.parse(course.aiLabel);
    expect(courseLabel).toMatchObject({ feature: 'lesson-writing', provider: 'offline', model: STAND_IN_MODEL });
    expect(new Date(courseLabel.at).getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
    const labels = labelsOf(course).map((label) => aiContentLabelSchema.parse(label));
    expect(labels).toHaveLength(12);
    expect(labels.every((label) => label.model === STAND_IN_MODEL && label.feature === 'lesson-writing')).toBe(true);
    // The course is labelled as its last lesson was written.
    expect(courseLabel.at).toBe(labels.map((label) => label.at).sort().at(-1));

    await publish(course.id);
    const forLearner = await getCourse(course.id, LEARNER);
    expect(forLearner.aiLabel).toBeUndefined();
    expect(labelsOf(forLearner).every((label) => label === undefined)).toBe(true);
  });

  it('a Ready AI task whose lesson writing svc-ai refuses fails with the refusal as its error and log line, and makes no course', async () => {
    const message = aiBudgetExceededMessage(20_000, nextBudgetReset(new Date()));
    ai.refuse(AI_SUBJECTS.COMPOSE_LESSONS, { statusCode: 429, message });
    const courses = await courseCount();
    const ended = await waitUntilEnded((await startReadyAi(LEARNER)).id);
    expect(ended).toMatchObject({ status: 'failed', error: message });
    expect(ended.logs.map((line) => line.message)).toContain(`Failed: ${message}`);
    expect(await courseCount()).toBe(courses);
  });

  it('a request svc-ai refuses answers with the refusal’s status and message, and writes nothing', async () => {
    ai.refuse(AI_SUBJECTS.COMPOSE_LESSONS, { statusCode: 428, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE });
    const courses = await courseCount();
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, { ...FORM, skills: ['Scrum'], createdBy: LEARNER.id }, undefined, LEARNER);
    expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 428, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE });
    expect(await courseCount()).toBe(courses);
  });

  it('skill extraction turned off does not cost the course: it is made without extracted skills', async () => {
    ai.refuse(AI_SUBJECTS.EXTRACT_SKILLS, { statusCode: 403, message: aiFeatureOffMessage('skill-extraction') });
    const created = await ask(COURSES_SUBJECTS.CREATE_COURSE, { ...FORM, title: 'Scrum Sprints Again', createdBy: ADMIN.id }, ADMIN, (value) =>
      courseDetailSchema.parse(value),
    );
    expect(created.skills).toEqual([]);
    expect(created.modules.flatMap((module) => module.lessons)).toHaveLength(2);
  });

  it('AI Generate with materials asks svc-ai for its starter and labels the course and the lessons svc-ai wrote, not the quizzes from the documents', async () => {
    const before = ai.calls.length;
    const bucket = await nats.jetstream().views.os(COURSE_UPLOADS_BUCKET);
    const objectName = randomUUID();
    await bucket.putBlob({ name: objectName }, documentFixture('workplace-safety.docx'));
    const started = await ask(COURSES_SUBJECTS.START_CREATION_TASK, materialsRequest(objectName), ADMIN, (value) => courseCreationTaskSchema.parse(value));
    const task = await waitUntilEnded(started.id);
    expect(task.status).toBe('completed');
    const calls = callsSince(before).filter((call) => call.subject === AI_SUBJECTS.COMPOSE_LESSONS);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => JSON.stringify(call.caller) === JSON.stringify(ADMIN))).toBe(true);

    const course = await getCourse(task.result!.courseId!, ADMIN);
    expect(aiContentLabelSchema.parse(course.aiLabel)).toMatchObject({ feature: 'lesson-writing', model: STAND_IN_MODEL });
    const lessons = course.modules.flatMap((module) => module.lessons);
    expect(lessons.filter((lesson) => lesson.type !== 'quiz').every((lesson) => lesson.aiLabel?.model === STAND_IN_MODEL)).toBe(true);
    expect(lessons.filter((lesson) => lesson.type === 'quiz').every((lesson) => lesson.aiLabel === undefined)).toBe(true);
  });

  it('AI Generate with materials refused fails its task with the refusal itself, and the uploads are discarded', async () => {
    const message = aiFeatureOffMessage('lesson-writing');
    ai.refuse(AI_SUBJECTS.COMPOSE_LESSONS, { statusCode: 403, message });
    const bucket = await nats.jetstream().views.os(COURSE_UPLOADS_BUCKET);
    const objectName = randomUUID();
    await bucket.putBlob({ name: objectName }, documentFixture('workplace-safety.docx'));
    const courses = await courseCount();
    const started = await ask(COURSES_SUBJECTS.START_CREATION_TASK, materialsRequest(objectName), LEARNER, (value) => courseCreationTaskSchema.parse(value));
    const task = await waitUntilEnded(started.id);
    expect(task).toMatchObject({ status: 'failed', error: message });
    const followed = courseCreationTaskSchema.parse(
      (await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: started.id }, undefined, LEARNER)).response,
    );
    expect(followed).toMatchObject({ stage: 'error', message });
    const info = await bucket.info(objectName);
    expect(info === null || info.deleted).toBe(true);
    expect(await courseCount()).toBe(courses);
  });
});

function materialsRequest(objectName: string) {
  return {
    kind: 'ai-generate-with-files',
    files: [{ objectName, fileName: 'workplace-safety.docx', declaredMediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 1 }],
    courseData: {
      title: 'Workplace Safety',
      description: 'Spotting hazards and reporting incidents.',
      duration: '2 weeks',
      format: 'Online',
      departmentOwner: 'Operations',
      color: 'red',
      abbreviation: 'WS',
    },
  };
}
