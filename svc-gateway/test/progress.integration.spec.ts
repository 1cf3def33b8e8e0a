import { courseProgressReplySchema, PROGRESS_SUBJECTS } from '@masar/contracts';
import { connect, NatsConnection } from 'nats';
import request from 'supertest';
import { Platform, startPlatform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { StandInProgress } from './support/stand-in-progress';

/**
 * The progress routes against the real gateway, svc-identity (its build), Redis and NATS, with
 * stand-ins answering for svc-courses and svc-progress.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

let platform: Platform;
let nats: NatsConnection;
let courses: StandInCourses;
let progress: StandInProgress;

async function asLearner() {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }).expect(200);
  const me = (await agent.get('/api/auth/user').expect(200)).body as { id: string };
  return { agent, userId: me.id };
}

beforeAll(async () => {
  platform = await startPlatform();
  nats = await connect({ servers: NATS_URL });
  courses = new StandInCourses(nats);
  progress = new StandInProgress(nats);
});

beforeEach(async () => {
  courses.reset();
  progress.reset();
  await courses.up();
  await progress.up();
});

afterAll(async () => {
  await nats?.drain();
  await platform?.stop();
});

describe('POST /api/progress/lessons/:lessonId', () => {
  it("records the signed-in person's completed lesson of the course and answers the course's progress", async () => {
    const course = courses.seed({ title: 'SQL Basics' }, 2, 2);
    const lesson = course.modules[1].lessons[0];
    const { agent, userId } = await asLearner();
    const response = await agent.post(`/api/progress/lessons/${lesson.id}`).send({ courseId: course.id, status: 'completed', secondsSpent: 120 }).expect(200);
    expect(courseProgressReplySchema.parse(response.body).progress).toMatchObject({ completedLessonIds: [lesson.id], secondsSpent: 120 });
    expect(progress.requestsOn(PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS).map((received) => received.data)).toEqual([
      { courseId: course.id, lessonId: lesson.id, userId, status: 'completed', secondsSpent: 120 },
    ]);
  });

  it("answers 404 'Lesson not found in this course' for a lesson of another course, and records nothing", async () => {
    const course = courses.seed({ title: 'SQL Basics' }, 1, 1);
    const other = courses.seed({ title: 'Excel' }, 1, 1);
    const { agent } = await asLearner();
    const response = await agent
      .post(`/api/progress/lessons/${other.modules[0].lessons[0].id}`)
      .send({ courseId: course.id, status: 'completed' })
      .expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Lesson not found in this course' });
    await agent.post('/api/progress/lessons/not-a-uuid').send({ courseId: course.id, status: 'started' }).expect(404);
    const unknownCourse = await agent
      .post(`/api/progress/lessons/${course.modules[0].lessons[0].id}`)
      .send({ courseId: '00000000-0000-4000-8000-000000000001', status: 'started' })
      .expect(404);
    expect(unknownCourse.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(progress.received).toEqual([]);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const course = courses.seed({ title: 'SQL Basics' }, 1, 1);
    const { agent } = await asLearner();
    const lessonId = course.modules[0].lessons[0].id;
    const status = await agent.post(`/api/progress/lessons/${lessonId}`).send({ courseId: course.id, status: 'done' }).expect(400);
    expect(status.body.message).toBe('status: status must be started or completed');
    const seconds = await agent.post(`/api/progress/lessons/${lessonId}`).send({ courseId: course.id, status: 'started', secondsSpent: -5 }).expect(400);
    expect(seconds.body.message).toBe('secondsSpent: secondsSpent cannot be negative');
    expect(progress.received).toEqual([]);
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).post(`/api/progress/lessons/00000000-0000-4000-8000-000000000001`).send({}).expect(401);
  });
});

describe('GET /api/progress/courses/:courseId', () => {
  it("answers the signed-in person's progress, asking svc-progress for them only", async () => {
    const { agent, userId } = await asLearner();
    const courseId = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
    progress.seed({ userId, courseId, completedLessonIds: ['7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'] });
    const response = await agent.get(`/api/progress/courses/${courseId}`).expect(200);
    expect(courseProgressReplySchema.parse(response.body).progress.completedLessonIds).toEqual(['7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a']);
    expect(progress.received.map(({ subject, data }) => ({ subject, data }))).toEqual([
      { subject: PROGRESS_SUBJECTS.GET_COURSE_PROGRESS, data: { courseId, userId } },
    ]);
  });

  it("answers 503 'progress is unavailable' when svc-progress is away", async () => {
    await progress.down();
    const { agent } = await asLearner();
    const response = await agent.get('/api/progress/courses/2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e').expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'progress is unavailable' });
  });
});
