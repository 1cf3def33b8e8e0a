import {
  agentStatsSchema,
  createDefaultCoursesReplySchema,
  agentTaskPageSchema,
  agentTaskReplySchema,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  createFromCategoriesReplySchema,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_NOT_ACCEPTED_STATUS,
  aiFeatureOffMessage,
  DEFAULT_AI_NOTICE,
  EXTERNAL_COURSE_ENHANCEMENT_MESSAGE,
  JOBS_SUBJECTS,
  LEARNING_HELPER_MESSAGES,
  learningHelperReplySchema,
  NOTHING_TO_ENHANCE_MESSAGE,
  OFFLINE_MODEL_NAME,
  startEnhancementReplySchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signedInAgent, startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { StandInAi, StandInJobs } from './support/stand-in-services';

/**
 * The AI agents routes and Ready AI against the real gateway, svc-identity (its build), Redis and
 * NATS, with stand-ins answering for svc-courses and svc-jobs (which the pacts hold to the same subjects).
 */
let platform: Platform;
let courses: StandInCourses;
/** svc-ai, which admits the routes that start AI work (ai.governance.admit). */
let ai: StandInAi;
/** svc-jobs, whose newest job description of the caller gives the learning helpers a job role. */
let jobs: StandInJobs;

async function signedIn(username: string, password: string) {
  return (await signedInAgent(platform, username, password)).agent;
}
const asLearner = () => signedIn('demo', 'demo123');
const asAdmin = () => signedIn('admin', 'admin123');

const MINE = '6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d';
const SOMEONE_ELSES = '7b2c3d4e-5f6a-4b8c-9d0e-1f2a3b4c5d6e';

beforeAll(async () => {
  platform = await startPlatform();
  courses = new StandInCourses();
  ai = new StandInAi();
  jobs = new StandInJobs();
});

beforeEach(async () => {
  courses.reset();
  ai.reset();
  jobs.reset();
  await courses.up();
  await ai.up();
  await jobs.up();
  courses.agentTasks.seed({ id: MINE, title: 'SQL for Reporting', type: 'ready-ai-course', status: 'running', progress: 37, currentStep: 'Writing module 3 of 6', canPause: true });
  courses.agentTasks.seed({
    id: SOMEONE_ELSES,
    title: 'Leading Teams',
    type: 'ready-ai-course',
    status: 'completed',
    progress: 100,
    currentStep: null,
    canPause: false,
    createdBy: randomUUID(),
  });
});

afterAll(async () => {
  await courses?.close();
  await ai?.close();
  await jobs?.close();
  await platform?.stop();
});

describe('/api/ai-agents', () => {
  it("lists and counts the learner's own tasks, an admin's all, with the signed-in person named to svc-courses", async () => {
    const learner = await asLearner();
    const mine = agentTaskPageSchema.parse((await learner.get('/api/ai-agents/tasks').expect(200)).body);
    expect(mine.items.map((task) => task.id)).toEqual([MINE]);
    expect(courses.requestsOn(COURSES_AGENT_TASK_SUBJECTS.LIST)[0].caller).toMatchObject({ role: 'learner' });
    const stats = agentStatsSchema.parse((await learner.get('/api/ai-agents/stats').expect(200)).body);
    expect(stats).toMatchObject({ total: 1, running: 1, completed: 0 });

    const all = agentTaskPageSchema.parse((await (await asAdmin()).get('/api/ai-agents/tasks?status=completed').expect(200)).body);
    expect(all.items.map((task) => task.id)).toEqual([SOMEONE_ELSES]);
  });

  it('refuses a bad filter with a message, without asking svc-courses', async () => {
    const response = await (await asLearner()).get('/api/ai-agents/tasks?status=exploded').expect(400);
    expect(response.body.message).toBe('status: status must be one of queued, running, paused, completed, failed, cancelled');
    expect(courses.requestsOn(COURSES_AGENT_TASK_SUBJECTS.LIST)).toEqual([]);
  });

  it('pauses, resumes and cancels, answering the new state; a finished task answers 409 and someone else\'s 404', async () => {
    const learner = await asLearner();
    const paused = agentTaskReplySchema.parse((await learner.post(`/api/ai-agents/tasks/${MINE}/pause`).expect(200)).body);
    expect(paused.task.status).toBe('paused');
    const resumed = agentTaskReplySchema.parse((await learner.post(`/api/ai-agents/tasks/${MINE}/resume`).expect(200)).body);
    expect(resumed.task.status).toBe('queued');
    const cancelled = agentTaskReplySchema.parse((await learner.post(`/api/ai-agents/tasks/${MINE}/cancel`).expect(200)).body);
    expect(cancelled.task.status).toBe('cancelled');
    const again = await learner.post(`/api/ai-agents/tasks/${MINE}/cancel`).expect(409);
    expect(again.body).toEqual({ statusCode: 409, message: 'This task has already been cancelled; it can no longer be changed' });

    const hidden = await learner.get(`/api/ai-agents/tasks/${SOMEONE_ELSES}`).expect(404);
    expect(hidden.body).toEqual({ statusCode: 404, message: 'Agent task not found' });
    const finished = await (await asAdmin()).post(`/api/ai-agents/tasks/${SOMEONE_ELSES}/pause`).expect(409);
    expect(finished.body.message).toBe('This task has already completed; it can no longer be changed');
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).get('/api/ai-agents/tasks').expect(401);
    await request(platform.gateway.url).post(`/api/ai-agents/tasks/${MINE}/cancel`).expect(401);
    expect(courses.received).toEqual([]);
  });
});

describe('POST /api/courses/create-from-categories', () => {
  it('starts one task per selected catalog course for an admin; a learner gets 403', async () => {
    const first = courses.seed({ title: 'SQL for Reporting', category: 'Data_Analytics' });
    const second = courses.seed({ title: 'Leading Teams', category: 'Leadership' });
    const body = { selectedCourses: [first, second].map(({ id, title }) => ({ id, title })) };
    const refused = await (await asLearner()).post('/api/courses/create-from-categories').send(body).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });

    const started = createFromCategoriesReplySchema.parse((await (await asAdmin()).post('/api/courses/create-from-categories').send(body).expect(202)).body);
    expect(started.tasks.map((task) => [task.title, task.status, task.type])).toEqual([
      ['SQL for Reporting', 'queued', 'ready-ai-course'],
      ['Leading Teams', 'queued', 'ready-ai-course'],
    ]);
  });

  it.each([
    [{ selectedCourses: [] }, 'selectedCourses: Please select at least 1 course'],
    [{ selectedCourses: [1, 2, 3, 4].map(() => ({ id: randomUUID(), title: 'A course' })) }, 'selectedCourses: Please select at most 3 courses'],
    [{ selectedCourses: [{ id: 'not-a-uuid', title: 'A course' }] }, 'selectedCourses.0.id: Each selected course needs the id of a catalog course'],
    [{}, 'selectedCourses: Please select at least 1 course'],
  ])('refuses %j with 400 and a message, starting nothing', async (body, message) => {
    const response = await (await asAdmin()).post('/api/courses/create-from-categories').send(body).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message });
    expect(courses.agentTasks.tasks.size).toBe(2);
  });
});

describe('POST /api/ai-agents/enhancements', () => {
  it('starts the Content Enhancement agent on a course for an admin (202 {tasks}); a learner gets 403 without svc-courses being asked', async () => {
    const course = courses.seed({ title: 'SQL for Reporting' });
    const refused = await (await asLearner()).post('/api/ai-agents/enhancements').send({ courseId: course.id }).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect(courses.requestsOn(COURSES_SUBJECTS.START_ENHANCEMENT)).toEqual([]);

    const started = startEnhancementReplySchema.parse((await (await asAdmin()).post('/api/ai-agents/enhancements').send({ courseId: course.id }).expect(202)).body);
    expect(started.tasks.map((task) => [task.title, task.status, task.type, task.agent])).toEqual([
      ['Content enhancement: SQL for Reporting', 'queued', 'content-enhancement', 'content-enhancement'],
    ]);
    expect(courses.requestsOn(COURSES_SUBJECTS.START_ENHANCEMENT)[0].caller).toMatchObject({ role: 'admin' });
  });

  it('passes on svc-courses’ answers: 404 for an unknown course, 400 for external training, 422 when the quality review flagged nothing', async () => {
    const admin = await asAdmin();
    expect((await admin.post('/api/ai-agents/enhancements').send({ courseId: randomUUID() }).expect(404)).body).toEqual({ statusCode: 404, message: 'Course not found' });
    const external = courses.seed({ title: 'Outside Training', kind: 'external' });
    expect((await admin.post('/api/ai-agents/enhancements').send({ courseId: external.id }).expect(400)).body.message).toBe(EXTERNAL_COURSE_ENHANCEMENT_MESSAGE);
    expect((await admin.post('/api/ai-agents/enhancements').send({ fromQuality: true }).expect(422)).body.message).toBe(NOTHING_TO_ENHANCE_MESSAGE);
  });

  it.each([
    [{}, 'courseId: Give either a courseId or fromQuality: true'],
    [{ courseId: 'not-a-uuid' }, 'courseId: courseId must be a course id'],
    [{ fromQuality: false }, 'fromQuality: fromQuality can only be true'],
  ])('refuses %j with 400 and a message, starting nothing', async (body, message) => {
    const response = await (await asAdmin()).post('/api/ai-agents/enhancements').send(body).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message });
    expect(courses.requestsOn(COURSES_SUBJECTS.START_ENHANCEMENT)).toEqual([]);
  });
});

describe('POST /api/courses/create-defaults', () => {
  it("puts back the starter catalog for an admin, answering the courses added; a learner gets 403", async () => {
    const refused = await (await asLearner()).post('/api/courses/create-defaults').expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    const reply = createDefaultCoursesReplySchema.parse((await (await asAdmin()).post('/api/courses/create-defaults').expect(201)).body);
    expect(reply.courses.map((course) => course.title)).toEqual(['Agile and Scrum in Practice']);
  });
});

describe('POST /api/ai-agents/process', () => {
  const PASSAGE = 'A pivot table summarises thousands of rows in seconds. Drag Region to Rows and Revenue to Values.';

  /** A course whose first lesson the passage comes from. */
  function seededLesson() {
    const course = courses.seed({ title: 'Excel Essentials' }, 1, 1);
    return { courseId: course.id, lessonId: course.modules[0].lessons[0].id, lessonTitle: course.modules[0].lessons[0].title };
  }

  it('runs the helper in svc-courses for the caller, in the role of their newest own job description, and answers 200 {response, provider, model}', async () => {
    const { agent, userId } = await signedInAgent(platform, 'demo', 'demo123');
    jobs.ownersOnly = true;
    jobs.seed({ title: 'Junior Analyst', createdBy: userId, createdAt: '2026-01-10T09:00:00.000Z' });
    jobs.seed({ title: '  Sales Operations Analyst ', createdBy: userId, createdAt: '2026-03-01T09:00:00.000Z' });
    jobs.seed({ title: 'Someone else’s newer role', createdBy: randomUUID(), createdAt: '2026-04-01T09:00:00.000Z' });
    const { courseId, lessonId, lessonTitle } = seededLesson();

    const body = { action: 'creative_scenarios', query: ' pivot ', content: PASSAGE, lessonId, courseId, context: { lessonTitle } };
    const response = await agent.post('/api/ai-agents/process').send(body).expect(200);
    const reply = learningHelperReplySchema.strict().parse(response.body);
    expect(reply).toMatchObject({ provider: 'offline', model: OFFLINE_MODEL_NAME });
    expect(reply.response).toContain('In your role as Sales Operations Analyst.');

    expect(jobs.requestsOn(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS).map((received) => received.data)).toEqual([{ page: 1, pageSize: 1, ownerId: userId }]);
    const [asked] = courses.requestsOn(COURSES_SUBJECTS.RUN_LEARNING_HELPER);
    expect(asked.caller).toEqual({ id: userId, role: 'learner' });
    expect(asked.data).toEqual({
      action: 'creative_scenarios',
      query: 'pivot',
      content: PASSAGE,
      context: { courseTitle: '', moduleTitle: '', lessonTitle },
      lessonId,
      courseId,
      jobRole: 'Sales Operations Analyst',
    });
  });

  it('sends no job role when the caller has no job description, or svc-jobs does not answer', async () => {
    const learner = await asLearner();
    jobs.ownersOnly = true;
    jobs.seed({ title: 'Someone else’s role', createdBy: randomUUID() });
    await learner.post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE }).expect(200);
    await jobs.down();
    const reply = learningHelperReplySchema.parse((await learner.post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE }).expect(200)).body);
    expect(reply.response).not.toContain('In your role');
    const sent = courses.requestsOn(COURSES_SUBJECTS.RUN_LEARNING_HELPER).map((received) => received.data);
    expect(sent).toHaveLength(2);
    for (const data of sent) expect(data).not.toHaveProperty('jobRole');
  });

  it.each([
    ['a blank passage', { action: 'summarize', content: '   ' }, `content: ${LEARNING_HELPER_MESSAGES.contentBlank}`],
    ['no passage', { action: 'summarize' }, `content: ${LEARNING_HELPER_MESSAGES.contentBlank}`],
    ['an unknown action', { action: 'translate', content: PASSAGE }, `action: ${LEARNING_HELPER_MESSAGES.unknownAction}`],
    ['a passage over 20,000 characters', { action: 'summarize', content: 'x'.repeat(20_001) }, `content: ${LEARNING_HELPER_MESSAGES.contentTooLong}`],
  ])('refuses %s with 400 and the message, asking nobody', async (_case, body, message) => {
    const response = await (await asLearner()).post('/api/ai-agents/process').send(body).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message });
    expect(courses.requestsOn(COURSES_SUBJECTS.RUN_LEARNING_HELPER)).toEqual([]);
  });

  it('refuses a job role sent by the browser: only the gateway names it', async () => {
    await (await asLearner()).post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE, jobRole: 'CEO' }).expect(200);
    expect(courses.requestsOn(COURSES_SUBJECTS.RUN_LEARNING_HELPER)[0].data).not.toHaveProperty('jobRole');
  });

  it('answers 403 when an admin turned the learning helpers off, without asking svc-courses', async () => {
    ai.governance.setFeature('learning-helpers', { enabled: false });
    const response = await (await asLearner()).post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE }).expect(403);
    expect(response.body).toEqual({ statusCode: 403, message: aiFeatureOffMessage('learning-helpers') });
    expect(courses.requestsOn(COURSES_SUBJECTS.RUN_LEARNING_HELPER)).toEqual([]);
  });

  it('answers 428 to a learner who has not accepted the AI-use notice, before looking up their job role', async () => {
    ai.governance.publishNotice(DEFAULT_AI_NOTICE);
    const response = await (await asLearner()).post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE });
    expect([response.status, response.body]).toEqual([
      AI_NOTICE_NOT_ACCEPTED_STATUS,
      { statusCode: AI_NOTICE_NOT_ACCEPTED_STATUS, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE },
    ]);
    expect(jobs.received).toEqual([]);
    expect(courses.requestsOn(COURSES_SUBJECTS.RUN_LEARNING_HELPER)).toEqual([]);
  });

  it('passes svc-courses’ 404 for a lesson it does not have through, and answers 503 when svc-courses is away', async () => {
    const learner = await asLearner();
    const missing = await learner.post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE, lessonId: randomUUID() }).expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'Lesson not found' });
    await courses.down();
    const away = await learner.post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE }).expect(503);
    expect(away.body).toEqual({ statusCode: 503, message: 'courses is unavailable' });
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).post('/api/ai-agents/process').send({ action: 'summarize', content: PASSAGE }).expect(401);
    expect(courses.received).toEqual([]);
  });

  it('is in the OpenAPI document with its body and answers', async () => {
    const document = (await request(platform.gateway.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/ai-agents/process'])).toEqual(['post']);
    expect(document.paths['/api/ai-agents/process'].post.requestBody).toBeDefined();
    expect(Object.keys(document.paths['/api/ai-agents/process'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '428', '429']));
  });
});
