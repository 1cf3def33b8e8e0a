import {
  COURSES_SUBJECTS,
  EXERCISE_ATTACHMENT_MESSAGES,
  EXERCISE_ATTACHMENTS_BUCKET,
  exerciseSubmissionListSchema,
  exerciseSubmissionReviewPageSchema,
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
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
/** svc-courses' NATS user reads the attachments bucket as svc-courses does. */
let attachmentsReader: NatsConnection;
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
  attachmentsReader = await connectToNatsAs('courses');
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
  await attachmentsReader?.drain();
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
    expect(response.body.questions[0]).toEqual({
      questionId: 'q1',
      chosenOptionId: 'b',
      correctOptionId: 'a',
      chosenOptionIds: ['b'],
      correctOptionIds: ['a'],
      multiple: false,
      correct: false,
      explanation: 'Why q1.',
    });
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
    const noSelection = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionIds: [] }] }).expect(400);
    expect(noSelection.body.message).toBe(`answers.0.optionIds: ${LESSON_PRACTICE_MESSAGES.EMPTY_SELECTION}`);
    const twice = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionIds: ['a', 'a'] }] }).expect(400);
    expect(twice.body.message).toBe(`answers.0.optionIds: ${LESSON_PRACTICE_MESSAGES.DUPLICATE_OPTION}`);
    const both = await agent.post(`/api/lessons/${quiz.id}/quiz/attempts`).send({ answers: [{ questionId: 'q1', optionId: 'a', optionIds: ['a'] }] }).expect(400);
    expect(both.body.message).toBe(`answers.0: ${LESSON_PRACTICE_MESSAGES.BOTH_OPTION_FORMS}`);
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

describe('exercise work with attached files', () => {
  const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', 'exercise-work', name));
  const pdf = fixture('site-walkthrough.pdf');
  const png = fixture('whiteboard.png');
  const storedAttachmentIds = async () => {
    const bucket = await attachmentsReader.jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET).catch(() => null);
    const names: string[] = [];
    if (bucket) for (const info of await bucket.list()) names.push(info.name);
    return names;
  };

  async function secondLearner() {
    const admin = request.agent(platform.gateway.url);
    await admin.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(200);
    const username = `practice.learner.${Date.now().toString(36)}`;
    const password = 'a sentence the second learner knows';
    await admin
      .post('/api/admin/users')
      .send({ username, password, firstName: 'Second', lastName: 'Learner', email: `${username}@masar.test`, role: 'learner', preferredLanguage: 'en' })
      .expect(201);
    const agent = request.agent(platform.gateway.url);
    await agent.post('/api/auth/login').send({ username, password }).expect(200);
    return { admin, agent };
  }

  it('stores real files in the bucket, completes the lesson, lists the submission and serves each file to its owner as a download', async () => {
    const { course, exercise } = seedCourse();
    const { agent, userId } = await asLearner();
    const response = await agent
      .post(`/api/lessons/${exercise.id}/exercise/submissions`)
      .field('work', '')
      .field('checkedItems', JSON.stringify(['One exercise']))
      .field('language', 'ar')
      .attach('attachments', pdf, { filename: 'site-walkthrough.pdf', contentType: 'application/octet-stream' })
      .attach('attachments', png, { filename: 'لوحة.png', contentType: 'image/png' })
      .expect(200);
    const reply = exerciseSubmissionReplySchema.parse(response.body);
    expect(reply).toMatchObject({ courseId: course.id, userId, checkedItems: ['One exercise'], feedback: { status: 'given', language: 'ar' } });
    expect(reply.progress?.completedLessonIds).toEqual([exercise.id]);
    expect(reply.attachments.map(({ name, mediaType, size }) => ({ name, mediaType, size }))).toEqual([
      { name: 'site-walkthrough.pdf', mediaType: 'application/pdf', size: pdf.length },
      { name: 'لوحة.png', mediaType: 'image/png', size: png.length },
    ]);
    // Only names and hashes cross NATS; the bytes are in the bucket under each attachment's id.
    const [sent] = courses.requestsOn(LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE);
    expect(JSON.stringify(sent.data).length).toBeLessThan(2000);
    const bucket = await attachmentsReader.jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET);
    expect(Buffer.from((await bucket.getBlob(reply.attachments[0].attachmentId))!)).toEqual(pdf);

    const listed = exerciseSubmissionListSchema.parse((await agent.get(`/api/lessons/${exercise.id}/exercise/submissions`).expect(200)).body);
    expect(listed.submissions.map((submission) => submission.submissionId)).toEqual([reply.submissionId]);

    const download = await agent.get(reply.attachments[1].downloadUrl).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(Buffer.from(download.body as Buffer)).toEqual(png);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="\?{4}\.png"; filename\*=UTF-8''%D9%84%D9%88%D8%AD%D8%A9\.png$/);
  });

  it('refuses what is not what its name says (415 naming the file), empty files (400), too many (400) and blank work, storing nothing', async () => {
    const { exercise } = seedCourse();
    const { agent } = await asLearner();
    const before = await storedAttachmentIds();
    const submitWith = (name: string, bytes: Buffer) => agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).field('work', 'My notes.').attach('attachments', bytes, { filename: name, contentType: 'application/pdf' });
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const renamedProgram = await submitWith('report.pdf', exe).expect(415);
    expect(renamedProgram.body).toEqual({ statusCode: 415, message: EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('report.pdf', 'holds a program') });
    const page = await submitWith('notes.txt', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')).expect(415);
    expect(page.body.message).toBe(EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('notes.txt', 'holds an HTML page'));
    const svg = await submitWith('diagram.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')).expect(415);
    expect(svg.body.message).toBe(EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('diagram.png', 'holds an SVG image'));
    const notOffice = await submitWith('sheet.xlsx', pdf).expect(415);
    expect(notOffice.body.message).toContain('"sheet.xlsx"');
    const script = await submitWith('run.exe', exe).expect(415);
    expect(script.body.message).toBe(EXERCISE_ATTACHMENT_MESSAGES.UNSUPPORTED('run.exe'));
    const hidden = await submitWith('invoice\u202Efdp.exe', exe).expect(415);
    expect(hidden.body.message).toBe(EXERCISE_ATTACHMENT_MESSAGES.UNSUPPORTED('invoicefdp.exe'));
    const empty = await submitWith('empty.pdf', Buffer.alloc(0)).expect(400);
    expect(empty.body).toEqual({ statusCode: 400, message: EXERCISE_ATTACHMENT_MESSAGES.EMPTY('empty.pdf') });
    const four = agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).field('work', 'Notes');
    for (const index of [1, 2, 3, 4]) four.attach('attachments', png, { filename: `board-${index}.png`, contentType: 'image/png' });
    expect((await four.expect(400)).body).toEqual({ statusCode: 400, message: EXERCISE_ATTACHMENT_MESSAGES.TOO_MANY });
    const blank = await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).field('work', ' \u200b ').expect(400);
    expect(blank.body).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.BLANK_WORK });
    expect(courses.requestsOn(LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE)).toEqual([]);
    expect(await storedAttachmentIds()).toEqual(before);
    expect(progress.received).toEqual([]);
  });

  it('answers 413 for a file above MAX_EXERCISE_ATTACHMENT_BYTES, and removes stored files when svc-courses refuses', async () => {
    const { exercise, quiz } = seedCourse();
    const { agent } = await asLearner();
    const before = await storedAttachmentIds();
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooBig = await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).attach('attachments', big, { filename: 'big.pdf', contentType: 'application/pdf' }).expect(413);
    expect(tooBig.body.message).toBe('File is too large (max 10 MB)');
    const notExercise = await agent.post(`/api/lessons/${quiz.id}/exercise/submissions`).attach('attachments', png, { filename: 'board.png', contentType: 'image/png' }).expect(409);
    expect(notExercise.body.message).toBe(LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE);
    expect(await storedAttachmentIds()).toEqual(before);
  });

  it('gives an attachment only to its owner or an admin: 404 for another learner and for made-up ids', async () => {
    const { exercise } = seedCourse();
    const { agent } = await asLearner();
    const reply = exerciseSubmissionReplySchema.parse(
      (await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).field('work', 'See the board.').attach('attachments', png, { filename: 'board.png', contentType: 'image/png' }).expect(200)).body,
    );
    const url = reply.attachments[0].downloadUrl;
    const { admin, agent: stranger } = await secondLearner();
    const notFound = { statusCode: 404, message: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND };
    expect((await stranger.get(url).expect(404)).body).toEqual(notFound);
    expect((await stranger.get(`/api/lessons/${exercise.id}/exercise/submissions`).expect(200)).body).toEqual({ submissions: [] });
    await stranger.get(`/api/lessons/${exercise.id}/exercise/submissions?userId=${reply.userId}`).expect(403);
    expect((await agent.get(url.replace(reply.attachments[0].attachmentId, '00000000-0000-4000-8000-000000000001')).expect(404)).body).toEqual(notFound);
    expect((await agent.get(url.replace(reply.attachments[0].attachmentId, '..%2F..%2Fetc')).expect(404)).body).toEqual(notFound);
    await admin.get(url).expect(200);
    await request(platform.gateway.url).get(url).expect(401);
  });

  it('lets an admin review every learner’s submissions a page at a time, with their names; learners get 403', async () => {
    const { exercise } = seedCourse();
    const { agent, userId } = await asLearner();
    const { admin, agent: second } = await secondLearner();
    const review = (who: typeof admin, query = '') => who.get(`/api/lessons/${exercise.id}/exercise/review${query}`);
    expect((await review(admin).expect(200)).body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });

    await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).field('work', 'First try.').attach('attachments', png, { filename: 'board.png', contentType: 'image/png' }).expect(200);
    await second.post(`/api/lessons/${exercise.id}/exercise/submissions`).send({ work: 'My notes.' }).expect(200);
    await agent.post(`/api/lessons/${exercise.id}/exercise/submissions`).send({ work: 'Second try.' }).expect(200);

    const first = exerciseSubmissionReviewPageSchema.parse((await review(admin, '?page=1&pageSize=2').expect(200)).body);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map(({ work, userName }) => [work, userName])).toEqual([
      ['Second try.', 'Demo Learner'],
      ['My notes.', 'Second Learner'],
    ]);
    expect(first.items[0]).toMatchObject({ userId, userEmail: expect.stringContaining('@') });
    const second2 = exerciseSubmissionReviewPageSchema.parse((await review(admin, '?page=2&pageSize=2').expect(200)).body);
    expect(second2.items.map(({ work }) => work)).toEqual(['First try.']);
    // The admin downloads the learner's file from the review.
    await admin.get(second2.items[0].attachments[0].downloadUrl).expect(200);

    expect((await review(agent).expect(403)).body.statusCode).toBe(403);
    expect((await review(admin, '?pageSize=500').expect(400)).body.message).toMatch(/^pageSize: /);
    expect((await review(admin, '?page=zero').expect(400)).body.message).toMatch(/^page: /);
    const { quiz } = seedCourse();
    expect((await admin.get(`/api/lessons/${quiz.id}/exercise/review`).expect(409)).body.message).toBe(LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE);
    await admin.get('/api/lessons/not-a-lesson/exercise/review').expect(404);
    await request(platform.gateway.url).get(`/api/lessons/${exercise.id}/exercise/review`).expect(401);
  });
});
