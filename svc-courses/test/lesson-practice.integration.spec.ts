import {
  COURSES_SUBJECTS,
  courseDetailSchema,
  EXERCISE_ATTACHMENT_MESSAGES,
  EXERCISE_ATTACHMENTS_BUCKET,
  errorReplySchema,
  exerciseAttachmentObjectSchema,
  exerciseSubmissionListSchema,
  exerciseSubmissionPageSchema,
  exerciseSubmissionSchema,
  LESSON_PRACTICE_MESSAGES,
  LESSON_PRACTICE_SUBJECTS,
  lessonQuizSchema,
  quizAttemptListSchema,
  quizAttemptResultSchema,
  type Caller,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { reindexCourse } from '../src/course-search/course-search-index';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, LogCapture, requestOverNats } from '@masar/contracts/service-kit/testing';
import { documentFixture } from './fixtures/documents/fixture-files';
import { xlsxWorkbook } from './fixtures/documents/make-fixtures';
import { AiProcess, startAi } from './support/ai-process';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const QUIZ = [
  '1. Who orders the Product Backlog?\nAnswer: The Product Owner.\nExplanation: One accountable person keeps priorities clear.',
  '2. Who decides how the work in a sprint is done?\nAnswer: The Developers.\nExplanation: The people doing the work own the plan.',
  '3. Does Agile mean no planning?\nAnswer: No.\nExplanation: Agile teams plan continuously.',
].join('\n\n');
const OTHER_QUIZ = '1. What is the maximum length of a sprint?\nAnswer: One month.\nExplanation: Feedback stays frequent.';

describe('lesson quizzes and exercises on real NATS and Postgres', () => {
  const logs = new LogCapture();
  const learner: Caller = { id: randomUUID(), role: 'learner' };
  const otherLearner: Caller = { id: randomUUID(), role: 'learner' };
  const admin: Caller = { id: randomUUID(), role: 'admin' };
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let courseId: string;
  let ai: AiProcess;
  const lessons: Record<'quiz' | 'otherQuiz' | 'noQuiz' | 'reading' | 'exercise' | 'multiQuiz' | 'hazards', string> = {
    quiz: '',
    otherQuiz: '',
    noQuiz: '',
    reading: '',
    exercise: '',
    multiQuiz: '',
    hazards: '',
  };

  beforeAll(async () => {
    database = await createFreshDatabase('courses');
    // Feedback on exercise work comes from the real svc-ai (its offline provider), in the learner's name.
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url });
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'info', SEED_COURSE_CATALOG: 'false' }, logs);
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const course = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation, prerequisites, status, published_at)
       VALUES ('Scrum', 'Scrum in practice.', '2 weeks', 'Online', 'L&D', 'green', 'SCR', '{}', 'published', now()) RETURNING id`,
    );
    courseId = course.rows[0].id;
    const module = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 0, 'Basics', 'The basics.') RETURNING id`,
      [courseId],
    );
    const insert = async (position: number, type: string, content: string, activities: string[] = [], keyPoints: string[] = []) => {
      const row = await sql.query<{ id: string }>(
        `INSERT INTO courses.lessons (module_id, position, title, duration, type, content, key_points, activities)
         VALUES ($1, $2, $3, '10 min', $4, $5, $6, $7) RETURNING id`,
        [module.rows[0].id, position, `Lesson ${position}`, type, content, keyPoints, activities],
      );
      return row.rows[0].id;
    };
    lessons.quiz = await insert(0, 'quiz', QUIZ);
    lessons.otherQuiz = await insert(1, 'quiz', OTHER_QUIZ);
    lessons.noQuiz = await insert(2, 'quiz', 'Think about your last sprint and what went well.');
    lessons.reading = await insert(3, 'reading', 'Scrum has three accountabilities.');
    lessons.exercise = await insert(4, 'exercise', 'Run a retrospective.', ['Run the retrospective'], ['Limit outcomes to two actions']);
    lessons.multiQuiz = await insert(5, 'quiz', '1. Which are Scrum events?\nA) Sprint Review\nB) Burndown chart\nC) Daily Scrum\nD) Gantt chart\nAnswer: A and C');
    lessons.hazards = await insert(
      6,
      'exercise',
      'Walk through your workplace and write down what you find.',
      ['Identify common workplace hazards'],
      ['Rate a risk by its likelihood and severity', 'Write a clear incident report', 'Calibrate the forklift hydraulics'],
    );
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  const attemptCount = async () => Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM courses.quiz_attempts')).rows[0].n);
  const submissionCount = async () =>
    Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM courses.exercise_submissions')).rows[0].n);

  async function errorOf(subject: string, data: unknown, caller: Caller = learner) {
    const reply = await requestOverNats(nats, subject, data, undefined, caller);
    return errorReplySchema.parse(reply.err);
  }

  it('never gives learners the answers before they submit; admins see the full text', async () => {
    const asLearner = courseDetailSchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: courseId }, undefined, learner)).response);
    const learnerQuiz = asLearner.modules[0].lessons[0].content;
    expect(learnerQuiz).toContain('Who orders the Product Backlog?');
    expect(learnerQuiz).not.toMatch(/Answer:|Explanation:|The Product Owner\./);
    const asAdmin = courseDetailSchema.parse((await requestOverNats(nats, COURSES_SUBJECTS.GET_COURSE, { id: courseId }, undefined, admin)).response);
    expect(asAdmin.modules[0].lessons[0].content).toBe(QUIZ);

    const reply = await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: lessons.quiz }, undefined, learner);
    const quiz = lessonQuizSchema.parse(reply.response);
    expect(quiz).toMatchObject({ lessonId: lessons.quiz, courseId, passMark: 0.7 });
    expect(quiz.questions.map((question) => question.id)).toEqual(['q1', 'q2', 'q3']);
    expect(quiz.questions[0].options.map((option) => option.text)).toEqual(expect.arrayContaining(['The Product Owner.', 'The Developers.', 'One month.']));
    expect(JSON.stringify(reply.response)).not.toMatch(/correct|xplanation|One accountable person/);
  });

  it('indexes a quiz for course search by its questions, never its answers', async () => {
    await app.get(DataSource).transaction((manager) => reindexCourse(manager, courseId));
    const passages = await sql.query<{ text: string }>('SELECT text FROM courses.search_passages WHERE lesson_id = $1', [lessons.quiz]);
    const text = passages.rows.map((row) => row.text).join('\n');
    expect(text).toContain('Who orders the Product Backlog?');
    expect(text).not.toMatch(/Answer:|Explanation:|The Product Owner\./);
  });

  it('grades an attempt on the server, stores it as the caller’s, and passes at 70%', async () => {
    const quiz = lessonQuizSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: lessons.quiz }, undefined, learner)).response);
    const firstWrong = quiz.questions.map((question) => ({ questionId: question.id, optionId: question.options[0].id }));
    const failed = quizAttemptResultSchema.parse(
      (await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.quiz, answers: firstWrong }, undefined, learner)).response,
    );
    const correct = failed.questions.map((question) => ({ questionId: question.questionId, optionId: question.correctOptionId }));
    expect(failed.questions[0].explanation).toBe('One accountable person keeps priorities clear.');
    expect(failed.questionCount).toBe(3);

    const passed = quizAttemptResultSchema.parse(
      (await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.quiz, answers: correct }, undefined, learner)).response,
    );
    expect(passed).toMatchObject({ courseId, correctCount: 3, score: 100, passed: true });

    const twoOfThree = [correct[0], correct[1]];
    const short = quizAttemptResultSchema.parse(
      (await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.quiz, answers: twoOfThree }, undefined, otherLearner)).response,
    );
    expect(short).toMatchObject({ correctCount: 2, score: 67, passed: false });

    const rows = await sql.query<{ user_id: string; passed: boolean; score: number }>(
      'SELECT user_id, passed, score FROM courses.quiz_attempts WHERE id = ANY($1) ORDER BY submitted_at',
      [[passed.attemptId, short.attemptId]],
    );
    expect(rows.rows).toEqual([
      { user_id: learner.id, passed: true, score: 100 },
      { user_id: otherLearner.id, passed: false, score: 67 },
    ]);
  });

  it('lets learners read only their own attempts, and admins anyone’s', async () => {
    const list = async (caller: Caller, data: Record<string, unknown> = {}) =>
      quizAttemptListSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS, { lessonId: lessons.quiz, ...data }, undefined, caller)).response);
    const own = await list(learner);
    // Newest first: the passing attempt, then the first one.
    expect(own.attempts.map((attempt) => attempt.userId)).toEqual([learner.id, learner.id]);
    expect(own.attempts[0]).toMatchObject({ score: 100, passed: true, questionCount: 3 });
    expect((await list(otherLearner)).attempts.map((attempt) => attempt.userId)).toEqual([otherLearner.id]);
    expect(await errorOf(LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS, { lessonId: lessons.quiz, userId: learner.id }, otherLearner)).toEqual({
      statusCode: 403,
      message: LESSON_PRACTICE_MESSAGES.OTHERS_ATTEMPTS,
    });
    expect((await list(admin, { userId: learner.id })).attempts).toHaveLength(2);
    expect((await list(admin)).attempts).toHaveLength(3);
    expect(await errorOf(LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS, { lessonId: lessons.reading })).toEqual({ statusCode: 409, message: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ });
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = await attemptCount();
    expect(await errorOf(LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: randomUUID() })).toEqual({ statusCode: 404, message: LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND });
    expect(await errorOf(LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: lessons.reading })).toEqual({ statusCode: 409, message: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ });
    expect(await errorOf(LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: lessons.noQuiz })).toEqual({ statusCode: 422, message: LESSON_PRACTICE_MESSAGES.NO_FAIR_QUESTION });
    expect((await errorOf(LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: '../../etc' })).statusCode).toBe(400);
    const submit = (answers: unknown) => errorOf(LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.quiz, answers });
    expect(await submit([{ questionId: 'q99', optionId: 'a' }])).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION });
    expect(await submit([{ questionId: 'q1', optionId: 'zz' }])).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.UNKNOWN_OPTION });
    expect(await submit([{ questionId: 'q1', optionId: 'a' }, { questionId: 'q1', optionId: 'b' }])).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.DUPLICATE_QUESTION });
    expect((await submit('all of them')).statusCode).toBe(400);
    expect((await submit([])).statusCode).toBe(400);
    expect((await submit([{ questionId: 'q1', optionId: 'a'.repeat(5000) }])).statusCode).toBe(400);
    const anonymous = await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.quiz, answers: [{ questionId: 'q1', optionId: 'a' }] });
    expect(errorReplySchema.parse(anonymous.err).statusCode).toBe(401);
    expect(await attemptCount()).toBe(before);
  });

  it('stores an exercise submission as the caller’s, refusing blank work and unknown checklist items', async () => {
    const before = await submissionCount();
    const submit = (data: Record<string, unknown>) => errorOf(LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE, { lessonId: lessons.exercise, ...data });
    expect(await submit({ work: ' \u200b\n\t ' })).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.BLANK_WORK });
    expect((await submit({ work: 'Done.', checkedItems: ['Something else'] })).statusCode).toBe(400);
    expect((await submit({ work: 'x'.repeat(20_001) })).statusCode).toBe(400);
    expect(await errorOf(LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE, { lessonId: lessons.quiz, work: 'Done.' })).toEqual({
      statusCode: 409,
      message: LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE,
    });
    expect(await submissionCount()).toBe(before);

    const reply = await requestOverNats(
      nats,
      LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE,
      { lessonId: lessons.exercise, work: '  We ran it and agreed two actions.  ', checkedItems: ['Run the retrospective'] },
      undefined,
      learner,
    );
    const submission = exerciseSubmissionSchema.parse(reply.response);
    expect(submission).toMatchObject({ lessonId: lessons.exercise, courseId, checkedItems: ['Run the retrospective'] });
    const row = await sql.query('SELECT user_id, work FROM courses.exercise_submissions WHERE id = $1', [submission.submissionId]);
    expect(row.rows).toEqual([{ user_id: learner.id, work: 'We ran it and agreed two actions.' }]);
  });

  it('keeps a question with several right answers, grading the exact set of options', async () => {
    const quiz = lessonQuizSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: lessons.multiQuiz }, undefined, learner)).response);
    expect(quiz.questions).toHaveLength(1);
    expect(quiz.questions[0]).toMatchObject({ id: 'q1', multiple: true });
    expect(JSON.stringify(quiz)).not.toMatch(/correct/i);
    const idOf = (text: string) => quiz.questions[0].options.find((option) => option.text === text)!.id;
    const attempt = async (optionIds: string[]) =>
      quizAttemptResultSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.multiQuiz, answers: [{ questionId: 'q1', optionIds }] }, undefined, learner)).response);
    const half = await attempt([idOf('Sprint Review')]);
    expect(half).toMatchObject({ passed: false, score: 0 });
    expect(half.questions[0].correctOptionIds).toEqual([idOf('Daily Scrum'), idOf('Sprint Review')].sort());
    expect((await attempt([idOf('Daily Scrum'), idOf('Sprint Review'), idOf('Gantt chart')])).passed).toBe(false);
    expect(await attempt([idOf('Daily Scrum'), idOf('Sprint Review')])).toMatchObject({ passed: true, score: 100 });
    const refused = (optionIds: unknown) => errorOf(LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.multiQuiz, answers: [{ questionId: 'q1', optionIds }] });
    expect(await refused([])).toEqual({ statusCode: 400, message: `answers.0.optionIds: ${LESSON_PRACTICE_MESSAGES.EMPTY_SELECTION}` });
    expect(await refused(['a', 'a'])).toEqual({ statusCode: 400, message: `answers.0.optionIds: ${LESSON_PRACTICE_MESSAGES.DUPLICATE_OPTION}` });
    expect(await refused(['a', 'q'])).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.UNKNOWN_OPTION });
    expect(await errorOf(LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: lessons.quiz, answers: [{ questionId: 'q1', optionIds: ['a', 'b'] }] })).toEqual({
      statusCode: 400,
      message: LESSON_PRACTICE_MESSAGES.ONE_OPTION_ONLY,
    });
  });

  describe('exercise work with attached files and feedback', () => {
    const pdf = documentFixture('workplace-safety.pdf');
    /** Stores bytes in the attachments bucket as the gateway does, and describes them as it would. */
    async function attach(bytes: Buffer, name: string, mediaType: string) {
      const attachmentId = randomUUID();
      const bucket = await nats.jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET);
      await bucket.putBlob({ name: attachmentId }, bytes);
      return { attachmentId, name, mediaType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    }
    const submitHazards = async (data: Record<string, unknown>, caller: Caller = learner) =>
      requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE, { lessonId: lessons.hazards, ...data }, undefined, caller);

    it('takes a PDF instead of written work, reads its text and gives honest coverage feedback', async () => {
      const attachment = await attach(pdf, 'my-walkthrough.pdf', 'application/pdf');
      const submission = exerciseSubmissionSchema.parse((await submitHazards({ work: '', attachments: [attachment], checkedItems: ['Calibrate the forklift hydraulics'] })).response);
      expect(submission.attachments).toEqual([{ ...attachment, downloadUrl: `/api/lessons/${lessons.hazards}/exercise/submissions/${submission.submissionId}/attachments/${attachment.attachmentId}` }]);
      expect(submission.feedback).toMatchObject({ status: 'given', provider: 'offline', model: 'built-in', language: 'en' });
      expect(submission.feedback.covered).toEqual(['Identify common workplace hazards', 'Rate a risk by its likelihood and severity', 'Write a clear incident report']);
      expect(submission.feedback.missing).toEqual(['Calibrate the forklift hydraulics']);
      expect(submission.feedback.text).toContain('automatic check of coverage, not a grade');
      expect(submission.feedback.text).toContain('You ticked these yourself');
      expect(submission.feedback.text).toContain('my-walkthrough.pdf');
      const row = await sql.query('SELECT user_id, attachments, feedback IS NOT NULL AS has_feedback FROM courses.exercise_submissions WHERE id = $1', [submission.submissionId]);
      expect(row.rows).toEqual([{ user_id: learner.id, attachments: [attachment], has_feedback: true }]);
    });

    it('reads the cells of an attached Excel workbook, and names a damaged one as unread', async () => {
      const workbook = await attach(await xlsxWorkbook(), 'risk-register.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const damaged = await attach(Buffer.from('PK\u0003\u0004 not a workbook'), 'broken.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const submission = exerciseSubmissionSchema.parse((await submitHazards({ work: '', attachments: [workbook, damaged] }, otherLearner)).response);
      // No written work: "Risk rating" is only in the workbook's cells.
      expect(submission.feedback.covered).toEqual(['Rate a risk by its likelihood and severity']);
      expect(submission.feedback.text).toContain('Not read by this check (no text to read): broken.xlsx.');
      expect(submission.feedback.text).not.toMatch(/Not read by this check[^\n]*risk-register/);
      await sql.query('DELETE FROM courses.exercise_submissions WHERE id = $1', [submission.submissionId]);
    });

    it('says it did not look at an attached picture (offline feedback reads no images), and answers in Arabic when asked', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f80f00000101000518d84e0000000049454e44ae426082', 'hex');
      const attachment = await attach(png, 'photo.png', 'image/png');
      const submission = exerciseSubmissionSchema.parse((await submitHazards({ work: 'I will write a clear incident report.', attachments: [attachment], language: 'ar' })).response);
      expect(submission.feedback).toMatchObject({ status: 'given', language: 'ar', covered: ['Write a clear incident report'] });
      expect(submission.feedback.text).toContain('فحص آلي للتغطية');
      expect(submission.feedback.text).toContain('لم تطّلع هذه الملاحظات على photo.png: فهي لا تستطيع قراءة الصور');
      expect(submission.feedback.text).toContain('ويرى المسؤول الذي يراجع تسليمك هذه الصور.');
    });

    it('refuses blank work without a file, and a file the store does not hold at its size, storing nothing', async () => {
      const before = await submissionCount();
      expect(errorReplySchema.parse((await submitHazards({ work: '\u200b' })).err)).toEqual({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.BLANK_WORK });
      const attachment = await attach(pdf, 'walkthrough.pdf', 'application/pdf');
      expect(errorReplySchema.parse((await submitHazards({ attachments: [{ ...attachment, size: attachment.size + 1 }] })).err)).toEqual({
        statusCode: 400,
        message: EXERCISE_ATTACHMENT_MESSAGES.MISSING,
      });
      expect(errorReplySchema.parse((await submitHazards({ attachments: [{ ...attachment, attachmentId: randomUUID() }] })).err).statusCode).toBe(400);
      expect((await submitHazards({ attachments: [{ ...attachment, mediaType: 'text/html' }] })).err).toMatchObject({ statusCode: 400 });
      expect(await submissionCount()).toBe(before);
    });

    it('lists only the caller’s own submissions, newest first, and gives an attachment to its owner or an admin only', async () => {
      const list = async (caller: Caller, data: Record<string, unknown> = {}) =>
        exerciseSubmissionListSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS, { lessonId: lessons.hazards, ...data }, undefined, caller)).response);
      const own = await list(learner);
      expect(own.submissions.map((submission) => submission.attachments[0]?.name)).toEqual(['photo.png', 'my-walkthrough.pdf']);
      expect(own.submissions[0].work).toBe('I will write a clear incident report.');
      expect((await list(otherLearner)).submissions).toEqual([]);
      expect(await errorOf(LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS, { lessonId: lessons.hazards, userId: learner.id }, otherLearner)).toEqual({
        statusCode: 403,
        message: LESSON_PRACTICE_MESSAGES.OTHERS_SUBMISSIONS,
      });
      expect((await list(admin, { userId: learner.id })).submissions).toHaveLength(2);

      const [latest] = own.submissions;
      const ask = { lessonId: lessons.hazards, submissionId: latest.submissionId, attachmentId: latest.attachments[0].attachmentId };
      const owner = exerciseAttachmentObjectSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT, ask, undefined, learner)).response);
      expect(owner).toMatchObject({ name: 'photo.png', mediaType: 'image/png' });
      expect((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT, ask, undefined, admin)).response).toEqual(owner);
      const notFound = { statusCode: 404, message: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND };
      expect(await errorOf(LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT, ask, otherLearner)).toEqual(notFound);
      expect(await errorOf(LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT, { ...ask, attachmentId: randomUUID() })).toEqual(notFound);
      expect(await errorOf(LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT, { ...ask, lessonId: lessons.exercise })).toEqual(notFound);
    });

    it('lets admins review every learner’s submissions a page at a time, newest first; learners are refused', async () => {
      const review = async (caller: Caller, data: Record<string, unknown> = {}) =>
        requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS, { lessonId: lessons.hazards, ...data }, undefined, caller);
      const others = exerciseSubmissionSchema.parse((await submitHazards({ work: 'Hazards: a blocked fire exit.' }, otherLearner)).response);
      const everyone = exerciseSubmissionListSchema.parse(
        (await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS, { lessonId: lessons.hazards }, undefined, admin)).response,
      ).submissions;
      expect(everyone[0].submissionId).toBe(others.submissionId);

      const first = exerciseSubmissionPageSchema.parse((await review(admin, { page: 1, pageSize: 2 })).response);
      expect(first).toMatchObject({ total: everyone.length, page: 1, pageSize: 2 });
      expect(first.items.map((submission) => submission.submissionId)).toEqual(everyone.slice(0, 2).map((submission) => submission.submissionId));
      expect(first.items[0]).toMatchObject({ userId: otherLearner.id, work: 'Hazards: a blocked fire exit.', feedback: { status: 'given' } });
      const second = exerciseSubmissionPageSchema.parse((await review(admin, { page: 2, pageSize: 2 })).response);
      expect(second.items.map((submission) => submission.submissionId)).toEqual(everyone.slice(2, 4).map((submission) => submission.submissionId));
      expect(second.items.find((submission) => submission.attachments.length > 0)?.attachments[0].downloadUrl).toMatch(/^\/api\/lessons\/.+\/attachments\//);
      const beyond = exerciseSubmissionPageSchema.parse((await review(admin, { page: 99, pageSize: 2 })).response);
      expect(beyond).toMatchObject({ items: [], total: everyone.length });
      expect(exerciseSubmissionPageSchema.parse((await review(admin, { lessonId: lessons.exercise })).response).total).toBe(
        exerciseSubmissionListSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS, { lessonId: lessons.exercise }, undefined, admin)).response).submissions.length,
      );

      expect(await errorOf(LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS, { lessonId: lessons.hazards }, learner)).toEqual({
        statusCode: 403,
        message: LESSON_PRACTICE_MESSAGES.REVIEW_ADMINS_ONLY,
      });
      expect(await errorOf(LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS, { lessonId: lessons.quiz }, admin)).toEqual({ statusCode: 409, message: LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE });
      expect((await errorOf(LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS, { lessonId: lessons.hazards, pageSize: 500 }, admin)).statusCode).toBe(400);
      expect((await errorOf(LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS, { lessonId: randomUUID() }, admin)).statusCode).toBe(404);
    });

    it('keeps the submission and says feedback is off when an admin switched the feature off', async () => {
      await sql.query(`INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('exercise-feedback', false, 'offline')`);
      try {
        const submission = exerciseSubmissionSchema.parse((await submitHazards({ work: 'Hazards: a wet floor.' })).response);
        expect(submission.feedback).toMatchObject({ status: 'off', text: '', covered: [], missing: [], provider: null, reason: 'turned-off' });
        expect(submission.feedback.message).toMatch(/turned off/);
      } finally {
        await sql.query(`DELETE FROM ai.ai_feature_settings WHERE feature = 'exercise-feedback'`);
      }
    });
  });
});
