import { courseProgressReplySchema, progressOverviewReplySchema, quizAttemptReplySchema } from '@masar/contracts';
import request from 'supertest';
import { Platform, startPlatform } from './support/platform';
import { ProgressProcess, startProgress } from './support/progress-process';
import { StandInCourses } from './support/stand-in-courses';

/**
 * A passed quiz and a submitted exercise complete their lessons exactly as Mark as Complete does:
 * the real gateway and the real svc-progress (its build) on the real NATS, Redis and Postgres, with
 * svc-courses (which grades) stood in for. Completing both lessons completes the course and raises
 * the learner's skill.
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

it('records a passed quiz and a submitted exercise in svc-progress, completing the course and raising its skill', async () => {
  const course = courses.seed({ title: 'Scrum Basics', level: 'beginner', skills: ['Agile Methodologies'] }, 1, 2);
  const [quiz, exercise] = course.modules[0].lessons;
  quiz.type = 'quiz';
  exercise.type = 'exercise';
  const learner = request.agent(platform.gateway.url);
  await learner.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }).expect(200);

  const failed = await learner.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionId: 'b' }] }).expect(200);
  expect(quizAttemptReplySchema.parse(failed.body)).toMatchObject({ passed: false, progress: null });
  const untouched = courseProgressReplySchema.parse((await learner.get(`/api/progress/courses/${course.id}`).expect(200)).body).progress;
  expect(untouched.completedLessonIds).toEqual([]);

  const passed = await learner
    .post(`/api/lessons/${quiz.id}/quiz/attempts`)
    .send({ answers: [{ questionId: 'q1', optionId: 'a' }, { questionId: 'q2', optionId: 'a' }] })
    .expect(200);
  expect(quizAttemptReplySchema.parse(passed.body).progress?.completedLessonIds).toEqual([quiz.id]);

  const submitted = await learner.post(`/api/lessons/${exercise.id}/exercise/submissions`).send({ work: 'We ran the retrospective.' }).expect(200);
  expect([...(submitted.body as { progress: { completedLessonIds: string[] } }).progress.completedLessonIds].sort()).toEqual([quiz.id, exercise.id].sort());

  const overview = progressOverviewReplySchema.parse((await learner.get('/api/progress').expect(200)).body).progress;
  expect(overview.courses.find((entry) => entry.courseId === course.id)).toMatchObject({ status: 'completed', completedLessons: 2, totalLessons: 2 });
  expect(overview.skillsAcquired).toEqual(expect.arrayContaining([expect.objectContaining({ skill: 'Agile Methodologies', source: 'course' })]));
}, 90_000);
