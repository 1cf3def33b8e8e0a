import {
  COURSES_SUBJECTS,
  EVENT_SUBJECTS,
  exerciseSubmissionReplySchema,
  LESSON_PRACTICE_MESSAGES,
  LESSON_PRACTICE_SUBJECTS,
  LessonProgressReportedEvent,
  lessonQuizSchema,
  PROGRESS_QUEUED_MESSAGE,
  PROGRESS_SUBJECTS,
  quizAttemptReplySchema,
} from '@masar/contracts';
import { NatsConnection } from 'nats';
import request from 'supertest';
import { readEventsSince } from '@masar/contracts/events-stream';
import { connectToNatsAs } from '@masar/contracts/service-kit/testing';
import { Platform, startPlatform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { StandInProgress } from './support/stand-in-progress';

/**
 * Quizzes and exercises through the real gateway, svc-identity, Redis and NATS, with stand-ins for
 * svc-courses (which grades) and svc-progress (which records the completion a pass brings).
 */

let platform: Platform;
let eventsReader: NatsConnection;
let courses: StandInCourses;
let progress: StandInProgress;

async function asLearner() {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }).expect(200);
  const me = (await agent.get('/api/auth/user').expect(200)).body as { id: string };
  return { agent, userId: me.id };
}

/** A course whose first lesson is reading, second quiz, third exercise. */
function seedCourse() {
  const course = courses.seed({ title: 'Scrum' }, 1, 3);
  course.modules[0].lessons[2].type = 'exercise';
  const [reading, quiz, exercise] = course.modules[0].lessons;
  return { course, reading, quiz, exercise };
}

beforeAll(async () => {
  platform = await startPlatform();
  eventsReader = await connectToNatsAs('progress');
  courses = new StandInCourses();
  progress = new StandInProgress();
});

beforeEach(async () => {
  courses.reset();
  progress.reset();
  await courses.up();
  await progress.up();
});

afterAll(async () => {
  await eventsReader?.drain();
  await courses?.close();
  await progress?.close();
  await platform?.stop();
});

describe('GET /api/lessons/:lessonId/quiz', () => {
  it('answers the questions and options from svc-courses, in the caller’s name', async () => {
    const { quiz } = seedCourse();
    const { agent, userId } = await asLearner();
    const response = await agent.get(`/api/lessons/${quiz.id}/quiz`).expect(200);
    expect(lessonQuizSchema.parse(response.body).questions).toHaveLength(2);
    expect(courses.requestsOn(LESSON_PRACTICE_SUBJECTS.GET_QUIZ)[0]).toMatchObject({ data: { lessonId: quiz.id }, caller: { id: userId, role: 'learner' } });
  });

  it('answers 404 for an unknown lesson or one that is not a UUID, and 409 with a message for a lesson that is not a quiz', async () => {
    const { reading } = seedCourse();
    const { agent } = await asLearner();
    expect((await agent.get('/api/lessons/00000000-0000-4000-8000-000000000001/quiz').expect(404)).body).toEqual({ statusCode: 404, message: LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND });
    await agent.get('/api/lessons/..%2F..%2Fetc/quiz').expect(404);
    expect((await agent.get(`/api/lessons/${reading.id}/quiz`).expect(409)).body).toEqual({ statusCode: 409, message: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ });
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).get('/api/lessons/00000000-0000-4000-8000-000000000001/quiz').expect(401);
  });
});

describe('POST /api/lessons/:lessonId/quiz/attempts', () => {
  it('answers a failed grade without completing the lesson', async () => {
    const { quiz } = seedCourse();
    const { agent } = await asLearner();
    const response = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionId: 'b' }, { questionId: 'q2', optionId: 'a' }] }).expect(200);
    expect(quizAttemptReplySchema.parse(response.body)).toMatchObject({ score: 50, passed: false, progress: null });
    expect(response.body.questions[0]).toEqual({ questionId: 'q1', chosenOptionId: 'b', correctOptionId: 'a', correct: false, explanation: 'Why q1.' });
    expect(progress.received).toEqual([]);
  });

  it('completes the lesson on a pass through the progress path: the report on the stream, svc-progress records it', async () => {
    const since = new Date(Date.now() - 1000);
    const { course, quiz } = seedCourse();
    const { agent, userId } = await asLearner();
    const response = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionId: 'a' }, { questionId: 'q2', optionId: 'a' }] }).expect(200);
    const reply = quizAttemptReplySchema.parse(response.body);
    expect(reply).toMatchObject({ score: 100, passed: true, courseId: course.id });
    expect(reply.progress?.completedLessonIds).toEqual([quiz.id]);
    const [recorded] = progress.requestsOn(PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS).map((received) => received.data as LessonProgressReportedEvent);
    expect(recorded).toMatchObject({ userId, lessonId: quiz.id, courseId: course.id, status: 'completed', course: { title: 'Scrum' } });
    const onStream = (await readEventsSince(eventsReader, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, since.toISOString())).filter((report) => report.reportId === recorded.reportId);
    expect(onStream).toEqual([recorded]);
  });

  it('keeps a pass on the stream when svc-progress is away', async () => {
    const { quiz } = seedCourse();
    const { agent } = await asLearner();
    await progress.down();
    const response = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionId: 'a' }, { questionId: 'q2', optionId: 'a' }] }).expect(200);
    expect(quizAttemptReplySchema.parse(response.body)).toMatchObject({ passed: true, progress: null, message: PROGRESS_QUEUED_MESSAGE });
  });

  it('answers 400 with a message for malformed answers and asks nobody', async () => {
    const { quiz } = seedCourse();
    const { agent } = await asLearner();
    const shapeless = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: 'all right' }).expect(400);
    expect(shapeless.body.message).toMatch(/^answers: /);
    const empty = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [] }).expect(400);
    expect(empty.body.message).toBe('answers: Answer at least one question');
    await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionId: 'a'.repeat(100) }] }).expect(400);
    expect(courses.requestsOn(LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT)).toEqual([]);
    const unknown = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q7', optionId: 'a' }] }).expect(400);
    expect(unknown.body).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION });
    expect(progress.received).toEqual([]);
  });
});

describe('GET /api/lessons/:lessonId/quiz/attempts', () => {
  it('asks svc-courses in the caller’s name, passing on whose attempts, and checks the query', async () => {
    const { quiz } = seedCourse();
    const { agent, userId } = await asLearner();
    expect((await agent.get(`/api/lessons/${quiz.id}/quiz/attempts`).expect(200)).body).toEqual({ attempts: [] });
    const someoneElse = '00000000-0000-4000-8000-0000000000aa';
    const refused = await agent.get(`/api/lessons/${quiz.id}/quiz/attempts?userId=${someoneElse}`).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: LESSON_PRACTICE_MESSAGES.OTHERS_ATTEMPTS });
    expect(courses.requestsOn(LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS).map((received) => [received.data, received.caller?.id])).toEqual([
      [{ lessonId: quiz.id }, userId],
      [{ lessonId: quiz.id, userId: someoneElse }, userId],
    ]);
    const bad = await agent.get(`/api/lessons/${quiz.id}/quiz/attempts?userId=me`).expect(400);
    expect(bad.body.message).toBe('userId: userId must be a user id');
  });
});

describe('POST /api/lessons/:lessonId/exercise/submissions', () => {
  it('stores the work and completes the lesson', async () => {
    const { course, exercise } = seedCourse();
    const { agent, userId } = await asLearner();
    const response = await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).send({ work: 'We ran the retrospective.', checkedItems: ['One exercise'] }).expect(200);
    const reply = exerciseSubmissionReplySchema.parse(response.body);
    expect(reply).toMatchObject({ lessonId: exercise.id, courseId: course.id, checkedItems: ['One exercise'] });
    expect(reply.progress?.completedLessonIds).toEqual([exercise.id]);
    expect(courses.requestsOn(LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE)[0].caller).toEqual({ id: userId, role: 'learner' });
  });

  it('refuses blank work with a message and completes nothing', async () => {
    const { exercise, quiz } = seedCourse();
    const { agent } = await asLearner();
    const blank = await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).send({ work: '\u200b \n' }).expect(400);
    expect(blank.body).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.BLANK_WORK });
    const notText = await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).send({ work: 42 }).expect(400);
    expect(notText.body.message).toBe('work: work must be text');
    const notExercise = await agent.post(`/api/lessons/${quiz.id}/exercise/submissions`).send({ work: 'Done.' }).expect(409);
    expect(notExercise.body.message).toBe(LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE);
    expect(progress.received).toEqual([]);
    expect(courses.requestsOn(COURSES_SUBJECTS.GET_COURSE)).toEqual([]);
  });
});
