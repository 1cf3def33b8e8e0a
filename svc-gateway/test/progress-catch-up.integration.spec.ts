import { courseProgressReplySchema, PROGRESS_QUEUED_MESSAGE, progressOverviewReplySchema } from '@masar/contracts';
import request from 'supertest';
import { Platform, startPlatform } from './support/platform';
import { ProgressProcess, startProgress } from './support/progress-process';
import { StandInCourses } from './support/stand-in-courses';

/**
 * No completion is lost while svc-progress is down: the real gateway and the real svc-progress (its
 * build, in its own process, on the platform's database) on the real NATS, Redis and Postgres, with
 * svc-courses stood in for. A learner completes a lesson, svc-progress stops, the learner completes
 * the other two (the gateway answers 202: kept on the stream), svc-progress returns and catches up.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

let platform: Platform;
let courses: StandInCourses;
let progress: ProgressProcess | undefined;

beforeAll(async () => {
  platform = await startPlatform();
  courses = new StandInCourses();
  await courses.up();
  progress = await startProgress({ NATS_URL, DATABASE_URL: platform.database.url });
});

afterAll(async () => {
  await progress?.stop();
  await courses?.close();
  await platform?.stop();
});

async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

it('records the lessons completed while svc-progress was stopped once it is back, and completes the course', async () => {
  const course = courses.seed({ title: 'Excel Essentials', level: 'beginner', skills: ['Microsoft Excel'] }, 1, 3);
  const [first, second, third] = course.modules[0].lessons.map((lesson) => lesson.id);
  const learner = request.agent(platform.gateway.url);
  await learner.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }).expect(200);
  const complete = (lessonId: string) =>
    learner.post(`/api/progress/lessons/${lessonId}`).send({ courseId: course.id, status: 'completed', secondsSpent: 120 });

  const recorded = await complete(first).expect(200);
  expect(courseProgressReplySchema.parse(recorded.body).progress.completedLessonIds).toEqual([first]);

  await progress?.stop();
  progress = undefined;
  for (const lessonId of [second, third]) {
    const queued = await complete(lessonId).expect(202);
    expect(queued.body).toEqual({ progress: null, message: PROGRESS_QUEUED_MESSAGE });
  }
  expect((await learner.get('/api/progress').expect(503)).body).toEqual({ statusCode: 503, message: 'progress is unavailable' });

  progress = await startProgress({ NATS_URL, DATABASE_URL: platform.database.url });

  const caughtUp = await eventually(async () => {
    const reply = progressOverviewReplySchema.parse((await learner.get('/api/progress').expect(200)).body).progress;
    expect(reply.courses.find((entry) => entry.courseId === course.id)).toMatchObject({ status: 'completed', completedLessons: 3, totalLessons: 3 });
    return reply;
  });
  expect(caughtUp.completedCount).toBeGreaterThanOrEqual(1);
  expect(caughtUp.skillsAcquired).toEqual(expect.arrayContaining([expect.objectContaining({ skill: 'Microsoft Excel', level: 'basic', source: 'course' })]));
  expect(caughtUp.achievements).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'course-completed', title: 'Excel Essentials' })]));
  const lessons = courseProgressReplySchema.parse((await learner.get(`/api/progress/courses/${course.id}`).expect(200)).body).progress;
  expect([...lessons.completedLessonIds].sort()).toEqual([first, second, third].sort());
  expect(lessons.secondsSpent).toBe(360);
}, 90_000);
