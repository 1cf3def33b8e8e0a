import {
  type Caller,
  addModulesReplySchema,
  COURSE_UPLOADS_BUCKET,
  CourseCreationTask,
  courseCreationTaskSchema,
  CourseDetail,
  courseDetailSchema,
  COURSES_SUBJECTS,
  deleteCourseReplySchema,
  errorReplySchema,
  EVENT_SUBJECTS,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { CatalogSeedRunner } from '../src/catalog/catalog-seed.runner';
import { bootstrap } from '../src/main';
import { documentFixture } from './fixtures/documents/fixture-files';
import { AiProcess, startAi } from './support/ai-process';
import { readEventsSince } from '@masar/contracts/events-stream';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';

/**
 * Creating courses on the real service: the built-in seed catalog in a fresh database, the real
 * svc-ai (offline) in its own process, NATS with JetStream, and Bull on the real Redis.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN_ID = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const SOMEONE_ELSE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AS_ADMIN: Caller = { id: ADMIN_ID, role: 'admin' };

const SCRUM_FORM = {
  title: 'Running Scrum Sprints',
  description: 'How a Scrum team plans, runs and reviews a sprint: the Product Backlog, sprint planning, daily scrums and retrospectives.',
  objective: 'Run every Scrum event well and keep the Product Backlog ordered.',
  duration: '3 weeks',
  format: 'Online',
  departmentOwner: 'Project Management Office',
  color: 'green',
  abbreviation: 'RSS',
  numberOfModules: 2,
  lessonsPerModule: 3,
};

describe('creating courses on the real service', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let ai: AiProcess;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_authoring');
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url });
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    await app.get(CatalogSeedRunner).whenSeeded();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  async function courseCount(): Promise<number> {
    return Number((await sql.query<{ count: string }>('SELECT count(*) FROM courses.courses')).rows[0].count);
  }

  async function create(form: Record<string, unknown>): Promise<CourseDetail> {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, { ...form, createdBy: ADMIN_ID });
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return courseDetailSchema.parse(reply.response);
  }

  async function putUpload(bytes: Uint8Array): Promise<string> {
    const objectName = randomUUID();
    const bucket = await nats.jetstream().views.os(COURSE_UPLOADS_BUCKET);
    await bucket.putBlob({ name: objectName }, bytes);
    return objectName;
  }

  async function uploadStillThere(objectName: string): Promise<boolean> {
    const bucket = await nats.jetstream().views.os(COURSE_UPLOADS_BUCKET);
    const info = await bucket.info(objectName);
    return info !== null && !info.deleted;
  }

  /** Starts a task and polls it every 10 ms until it ends, keeping every stage it was seen in. */
  async function runTask(request: Record<string, unknown>, starter: Caller = AS_ADMIN): Promise<{ task: CourseCreationTask; stagesSeen: string[] }> {
    const started = await requestOverNats(nats, COURSES_SUBJECTS.START_CREATION_TASK, request, undefined, starter);
    if (started.err) throw new Error(JSON.stringify(started.err));
    let task = courseCreationTaskSchema.parse(started.response);
    const stagesSeen = [task.stage as string];
    const deadline = Date.now() + 20_000;
    while (task.stage !== 'complete' && task.stage !== 'error' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const polled = await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: task.id }, undefined, starter);
      task = courseCreationTaskSchema.parse(polled.response);
      if (stagesSeen[stagesSeen.length - 1] !== task.stage) stagesSeen.push(task.stage);
    }
    return { task, stagesSeen };
  }

  describe('from the form', () => {
    it('assembles each lesson from a catalog lesson on the same skills, quoting and citing it, and ends each module with a quiz', async () => {
      const course = await create(SCRUM_FORM);
      expect(course.skills).toContain('Scrum');
      expect(course.category).toBe('Project Management');
      expect(course.modules).toHaveLength(2);
      for (const module of course.modules) {
        expect(module.lessons).toHaveLength(3);
        expect(module.lessons[2].type).toBe('quiz');
        expect(module.lessons[2].title).toMatch(/^Module \d Quiz: /);
      }
      const taught = course.modules.flatMap((module) => module.lessons.filter((lesson) => lesson.type !== 'quiz'));
      for (const lesson of taught) {
        expect(lesson.sources).toHaveLength(1);
        const [source] = lesson.sources!;
        expect(source.origin).toBe('catalog');
        const original = await sql.query<{ title: string; content: string; course_title: string }>(
          `SELECT l.title, l.content, c.title AS course_title
             FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id JOIN courses.courses c ON c.id = m.course_id
            WHERE l.id = $1`,
          [source.lessonId],
        );
        expect(original.rows[0]).toMatchObject({ title: lesson.title, course_title: source.courseTitle });
        // Offline, the lesson's text is the source's own words, never filler.
        const firstParagraph = original.rows[0].content.split(/\n\s*\n/)[0];
        expect(lesson.content).toContain(firstParagraph);
      }
      const sourceIds = taught.map((lesson) => lesson.sources![0].lessonId);
      expect(new Set(sourceIds).size).toBe(sourceIds.length);
      // The agile course's lessons are the ones that teach Scrum.
      expect(taught.some((lesson) => /scrum|sprint|backlog/i.test(`${lesson.title} ${lesson.content}`))).toBe(true);
    });

    it('says so honestly when nothing in the library covers a lesson, instead of writing filler', async () => {
      const course = await create({
        ...SCRUM_FORM,
        title: 'Beekeeping Hive Inspections',
        description: 'Beekeeping: hive inspections, swarm prevention and honey extraction.',
        objective: 'Inspect hives safely.',
        abbreviation: 'BHI',
        numberOfModules: 1,
        lessonsPerModule: 2,
        skills: ['Beekeeping'],
      });
      const lessons = course.modules[0].lessons;
      expect(lessons).toHaveLength(2);
      for (const lesson of lessons) {
        expect(lesson.sources).toEqual([]);
        expect(lesson.content).toContain('No lesson in the Masar library covers');
      }
    });

    it("refuses a form without a title in the spec's words and writes nothing", async () => {
      const before = await courseCount();
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, { ...SCRUM_FORM, title: ' ', createdBy: ADMIN_ID });
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message: 'title: Title is required' });
      expect(await courseCount()).toBe(before);
    });

    it('tells the other services on the events stream once the course is created, and once it is deleted', async () => {
      const since = new Date().toISOString();
      const title = 'Sprint Reviews That Matter';
      const course = await create({ ...SCRUM_FORM, title, numberOfModules: 1, lessonsPerModule: 2 });
      const created = await readEventsSince(nats, EVENT_SUBJECTS.COURSE_CREATED, since);
      const createdEvents = created.filter((event) => event.courseId === course.id);
      expect(createdEvents).toEqual([
        { courseId: course.id, title, titleAr: null, createdBy: ADMIN_ID, occurredAt: expect.any(String) },
      ]);
      expect(Date.parse(createdEvents[0].occurredAt)).toBeGreaterThanOrEqual(Date.parse(since));

      const reply = await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: course.id });
      expect(deleteCourseReplySchema.parse(reply.response)).toEqual({ id: course.id, modulesDeleted: 1, lessonsDeleted: 2 });
      const deleted = await readEventsSince(nats, EVENT_SUBJECTS.COURSE_DELETED, since);
      // The delete request does not say who asked.
      expect(deleted.filter((event) => event.courseId === course.id)).toEqual([
        { courseId: course.id, title, titleAr: null, deletedBy: null, occurredAt: expect.any(String) },
      ]);
    });

    it('publishes no event for a form it refuses', async () => {
      const since = new Date().toISOString();
      const title = `Refused Course ${randomUUID()}`;
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, {
        ...SCRUM_FORM,
        title,
        description: ' ',
        createdBy: ADMIN_ID,
      });
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message: 'description: Description is required' });
      const created = await readEventsSince(nats, EVENT_SUBJECTS.COURSE_CREATED, since);
      expect(created.filter((event) => event.title === title)).toEqual([]);
    });
  });

  describe('adding modules', () => {
    it('appends 2 modules of 2 lessons after the last one, from library lessons the course does not quote yet', async () => {
      const course = await create({ ...SCRUM_FORM, numberOfModules: 1, lessonsPerModule: 2 });
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.ADD_MODULES, { id: course.id, numberOfModules: 2, lessonsPerModule: 2 });
      const added = addModulesReplySchema.parse(reply.response);
      expect(added).toMatchObject({ modulesAdded: 2, lessonsAdded: 4 });
      expect(added.course.modules).toHaveLength(3);
      expect(added.course.modules[0].id).toBe(course.modules[0].id);
      const cited = added.course.modules.flatMap((module) =>
        module.lessons.flatMap((lesson) => (lesson.sources ?? []).map((source) => source.lessonId)),
      );
      expect(new Set(cited).size).toBe(cited.length);
    });

    it('a published course whose new modules hold lessons written without material goes back to draft; one added from the library stays published', async () => {
      const publish = (id: string) => sql.query(`UPDATE courses.courses SET status = 'published', published_at = now() WHERE id = $1`, [id]);
      const fromLibrary = await create({ ...SCRUM_FORM, numberOfModules: 1, lessonsPerModule: 2 });
      await publish(fromLibrary.id);
      const kept = addModulesReplySchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.ADD_MODULES, { id: fromLibrary.id, numberOfModules: 1, lessonsPerModule: 2 }, undefined, AS_ADMIN)).response);
      expect(kept.course.publication).toMatchObject({ status: 'published', problems: [] });

      const beekeeping = await create({
        ...SCRUM_FORM,
        title: 'Urban Beekeeping',
        description: 'Keeping honeybee hives on city rooftops: hive inspection, swarm prevention and harvesting honey.',
        objective: 'Keep a healthy rooftop hive through a season.',
        numberOfModules: 1,
        lessonsPerModule: 1,
      });
      // As if an admin had written and published it before adding modules.
      await sql.query(`UPDATE courses.lessons l SET content = 'Inspect the hive every week in spring.' FROM courses.modules m WHERE m.id = l.module_id AND m.course_id = $1`, [beekeeping.id]);
      await publish(beekeeping.id);
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.ADD_MODULES, { id: beekeeping.id, numberOfModules: 1, lessonsPerModule: 2 }, undefined, AS_ADMIN);
      const added = addModulesReplySchema.parse(reply.response);
      expect(added.course.publication?.status).toBe('draft');
      const problems = added.course.publication?.problems ?? [];
      const newLessonIds = added.course.modules[1].lessons.map((lesson) => lesson.id);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((problem) => newLessonIds.includes(problem.lessonId ?? ''))).toBe(true);
      const learner = await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: beekeeping.id }, undefined, { id: SOMEONE_ELSE, role: 'learner' });
      expect(errorReplySchema.parse(learner.err)).toEqual({ statusCode: 404, message: 'Course not found' });
    });

    it('refuses to go past 20 modules, and answers 404 for an unknown course', async () => {
      const course = await create({ ...SCRUM_FORM, numberOfModules: 19, lessonsPerModule: 1 });
      const tooMany = await requestOverNats(nats, COURSES_SUBJECTS.ADD_MODULES, { id: course.id, numberOfModules: 2, lessonsPerModule: 2 });
      expect(errorReplySchema.parse(tooMany.err)).toEqual({
        statusCode: 400,
        message: 'A course can have at most 20 modules: this one has 19, so at most 1 can be added (not 2)',
      });
      const unknown = await requestOverNats(nats, COURSES_SUBJECTS.ADD_MODULES, {
        id: '00000000-0000-4000-8000-000000000001',
        numberOfModules: 2,
        lessonsPerModule: 2,
      });
      expect(errorReplySchema.parse(unknown.err)).toEqual({ statusCode: 404, message: 'Course not found' });
    });
  });

  describe('from documents', () => {
    it("makes modules from a DOCX's chapters and lessons from its sections, passing through the spec's stages in order", async () => {
      const objectName = await putUpload(documentFixture('workplace-safety.docx'));
      const { task, stagesSeen } = await runTask({
        kind: 'create-with-files',
        files: [{ objectName, fileName: 'workplace-safety.docx', declaredMediaType: 'application/octet-stream', size: 1 }],
        courseData: { ...SCRUM_FORM, title: 'Workplace Safety', abbreviation: 'WS' },
        useAIOrganization: false,
      });
      expect(task).toMatchObject({ stage: 'complete', progress: 100, message: 'Course created' });
      const order = ['uploading', 'processing', 'chunking', 'analyzing', 'generating', 'complete'];
      expect(stagesSeen.map((stage) => order.indexOf(stage))).toEqual([...stagesSeen.map((stage) => order.indexOf(stage))].sort((a, b) => a - b));
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: task.courseId }, undefined, AS_ADMIN);
      const course = courseDetailSchema.parse(reply.response);
      expect(course.title).toBe('Workplace Safety');
      expect(course.modules.map((module) => module.title).join(' | ')).toMatch(/Hazard Identification.*Risk Assessment.*Incident Reporting/);
      const firstModule = course.modules.find((module) => module.title.includes('Hazard Identification'))!;
      expect(firstModule.lessons.map((lesson) => lesson.title).join(' | ')).toMatch(/What Is a Hazard.*Common Hazard Types/);
      expect(firstModule.lessons[firstModule.lessons.length - 1].type).toBe('quiz');
      expect(firstModule.lessons[0].sources).toEqual([expect.objectContaining({ origin: 'document', fileName: 'workplace-safety.docx' })]);
      expect(await uploadStillThere(objectName)).toBe(false);
    });

    it('imports a PDF on its own, its headings becoming the modules', async () => {
      const objectName = await putUpload(documentFixture('workplace-safety.pdf'));
      const { task } = await runTask({
        kind: 'import',
        files: [{ objectName, fileName: 'workplace-safety.pdf', declaredMediaType: 'application/pdf', size: 1 }],
      });
      expect(task.stage).toBe('complete');
      const course = courseDetailSchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: task.courseId }, undefined, AS_ADMIN)).response);
      expect(course.modules.map((module) => module.title).join(' | ')).toMatch(/Hazard Identification.*Risk Assessment.*Incident Reporting/);
      expect(course.departmentOwner).toBe('Imported');
    });

    it('imports the JSON course format exactly as written, and tells the other services', async () => {
      const since = new Date().toISOString();
      const file = {
        title: 'Customer Calls',
        description: 'Handling customer calls well.',
        modules: [
          { title: 'Opening the call', lessons: [{ title: 'Greeting', content: 'Greet the customer by name and say who you are.' }] },
          { title: 'Closing the call', lessons: [{ title: 'Summarising', type: 'exercise', content: 'Summarise what was agreed before you hang up.' }] },
        ],
      };
      const objectName = await putUpload(Buffer.from(JSON.stringify(file)));
      const { task } = await runTask({
        kind: 'import',
        files: [{ objectName, fileName: 'customer-calls.json', declaredMediaType: 'application/json', size: 1 }],
      });
      expect(task.stage).toBe('complete');
      const course = courseDetailSchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: task.courseId }, undefined, AS_ADMIN)).response);
      expect(course.modules.map((module) => module.lessons.map((lesson) => [lesson.title, lesson.type]))).toEqual([
        [['Greeting', 'reading']],
        [['Summarising', 'exercise']],
      ]);
      const created = await readEventsSince(nats, EVENT_SUBJECTS.COURSE_CREATED, since);
      expect(created.filter((event) => event.courseId === course.id)).toEqual([
        { courseId: course.id, title: 'Customer Calls', titleAr: null, createdBy: ADMIN_ID, occurredAt: expect.any(String) },
      ]);
    });

    it("ends in error with the spec's words for an unreadable document, writes nothing and leaves no upload behind", async () => {
      const before = await courseCount();
      const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]);
      const objectName = await putUpload(damaged);
      const { task } = await runTask({
        kind: 'create-with-files',
        files: [{ objectName, fileName: 'broken.pdf', declaredMediaType: 'application/pdf', size: damaged.length }],
        courseData: SCRUM_FORM,
      });
      expect(task.stage).toBe('error');
      expect(task.progress).toBe(0);
      expect(task.message).toMatch(/^Document processing failed: .*broken\.pdf.*\. Creating basic course structure\.\.\.$/);
      expect(task.courseId).toBeNull();
      expect(await courseCount()).toBe(before);
      expect(await uploadStillThere(objectName)).toBe(false);
    });

    it('hides a task from anyone but the person who started it (and admins), whatever the body says, changing nothing', async () => {
      const starter: Caller = { id: randomUUID(), role: 'learner' };
      const objectName = await putUpload(documentFixture('workplace-safety.md'));
      const { task } = await runTask(
        { kind: 'import', files: [{ objectName, fileName: 'workplace-safety.md', declaredMediaType: 'text/markdown', size: 1 }], createdBy: SOMEONE_ELSE },
        starter,
      );
      const stored = async () => (await sql.query('SELECT * FROM courses.agent_tasks WHERE id = $1', [task.id])).rows[0];
      const before = await stored();
      expect(before.created_by).toBe(starter.id);

      const asSomeoneElse: Caller = { id: SOMEONE_ELSE, role: 'learner' };
      const hidden = await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: task.id, requestedBy: starter.id, requesterIsAdmin: true }, undefined, asSomeoneElse);
      expect(errorReplySchema.parse(hidden.err)).toEqual({ statusCode: 404, message: 'Course creation task not found' });
      const missing = await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: randomUUID() }, undefined, asSomeoneElse);
      expect(errorReplySchema.parse(missing.err)).toEqual(errorReplySchema.parse(hidden.err));
      expect(await stored()).toEqual(before);

      const own = await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: task.id }, undefined, starter);
      expect(courseCreationTaskSchema.parse(own.response)).toEqual(task);
      const admin = await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: task.id }, undefined, { id: SOMEONE_ELSE, role: 'admin' });
      expect(courseCreationTaskSchema.parse(admin.response).id).toBe(task.id);
      const anonymous = await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id: task.id });
      expect(errorReplySchema.parse(anonymous.err).statusCode).toBe(401);
    });
  });

  describe('tracing', () => {
    const aiLinesWith = (requestId: string) =>
      ai.lines.filter((line) => line.includes(`"requestId":"${requestId}"`)).map((line) => (JSON.parse(line) as { subject?: string }).subject);

    it('sends the request id of the create call on to every svc-ai call it makes', async () => {
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, { ...SCRUM_FORM, createdBy: ADMIN_ID }, 'it-trace-create');
      expect(reply.err).toBeUndefined();
      expect(aiLinesWith('it-trace-create')).toEqual(expect.arrayContaining(['ai.skills.extract', 'ai.lessons.compose']));
    });

    it('carries the request id that started a creation task into the queued work', async () => {
      const objectName = await putUpload(documentFixture('workplace-safety.md'));
      const started = await requestOverNats(
        nats,
        COURSES_SUBJECTS.START_CREATION_TASK,
        { kind: 'import', files: [{ objectName, fileName: 'workplace-safety.md', declaredMediaType: 'text/markdown', size: 1 }] },
        'it-trace-task',
        AS_ADMIN,
      );
      const { id } = courseCreationTaskSchema.parse(started.response);
      const deadline = Date.now() + 20_000;
      let stage = 'uploading';
      while (stage !== 'complete' && stage !== 'error' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const polled = await requestOverNats(nats, COURSES_SUBJECTS.GET_CREATION_TASK, { id }, undefined, AS_ADMIN);
        stage = courseCreationTaskSchema.parse(polled.response).stage;
      }
      expect(stage).toBe('complete');
      expect(aiLinesWith('it-trace-task')).toContain('ai.skills.extract');
    });
  });

  describe('without svc-ai', () => {
    it('answers 503 and writes nothing', async () => {
      await ai.stop();
      const before = await courseCount();
      const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, { ...SCRUM_FORM, createdBy: ADMIN_ID });
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 503, message: 'The AI service is unavailable' });
      expect(await courseCount()).toBe(before);
    });
  });
});
