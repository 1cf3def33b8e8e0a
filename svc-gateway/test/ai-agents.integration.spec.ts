import {
  agentStatsSchema,
  createDefaultCoursesReplySchema,
  agentTaskPageSchema,
  agentTaskReplySchema,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  createFromCategoriesReplySchema,
  EXTERNAL_COURSE_ENHANCEMENT_MESSAGE,
  NOTHING_TO_ENHANCE_MESSAGE,
  startEnhancementReplySchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signedInAgent, startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { StandInAi } from './support/stand-in-services';

/**
 * The AI agents routes and Ready AI against the real gateway, svc-identity (its build), Redis and
 * NATS, with a stand-in answering for svc-courses (which the pacts hold to the same subjects).
 */
let platform: Platform;
let courses: StandInCourses;
/** svc-ai, which admits the routes that start AI work (ai.governance.admit). */
let ai: StandInAi;

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
});

beforeEach(async () => {
  courses.reset();
  ai.reset();
  await courses.up();
  await ai.up();
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
