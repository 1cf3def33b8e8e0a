/** @jest-environment node */
// Consumer contract of mf-courses' quizzes and exercises with svc-gateway, through the REAL RTK
// Query endpoints pointed at Pact's mock server.
import { LESSON_PRACTICE_MESSAGES } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lessonPracticeApi } from './lesson-practice.api';

const { like, regex, uuid, eachLike, atLeastLike, integer, number, boolean, equal } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-lessons-svc-gateway.json');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const ISO_TIMESTAMP_LIKE = regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', '2026-11-26T08:30:00.000Z');

/** Ids appear in paths, so they are exact. */
const COURSE_ID = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
const QUIZ_LESSON_ID = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
const EXERCISE_LESSON_ID = '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c';
const READING_LESSON_ID = '4a5b6c7d-8e9f-4a0b-9c2d-3e4f5a6b7c8d';
const CHECKLIST_ITEM = 'One exercise';
/** A real PDF: the gateway checks an attachment's bytes, so the provider must replay a document. */
const NOTES_PDF = path.resolve(__dirname, '../../../../e2e/fixtures/retrospective-notes.pdf');

/** Written work sent with the attached PDF, Arabic included so the form's UTF-8 is in the contract. */
const ATTACHED_WORK = 'Notes attached — ملاحظات مرفقة';
const FORM_BOUNDARY = 'masar-exercise-form';
/**
 * The multipart form exactly as the submission sends it: the text fields (work, the ticked items as
 * one JSON field) and then the file. Pact compares each named part with what the browser sends, so
 * the contract holds the fields too, not only the file (Pact's multipartBody describes one file part).
 */
const SUBMISSION_FORM = Buffer.concat([
  Buffer.from(
    [
      `--${FORM_BOUNDARY}`,
      'Content-Disposition: form-data; name="work"',
      '',
      ATTACHED_WORK,
      `--${FORM_BOUNDARY}`,
      'Content-Disposition: form-data; name="checkedItems"',
      '',
      JSON.stringify([CHECKLIST_ITEM]),
      `--${FORM_BOUNDARY}`,
      'Content-Disposition: form-data; name="attachments"; filename="retrospective-notes.pdf"',
      'Content-Type: application/pdf',
      '',
      '',
    ].join('\r\n'),
  ),
  readFileSync(NOTES_PDF),
  Buffer.from(`\r\n--${FORM_BOUNDARY}--\r\n`),
]);

/**
 * How each part is compared: the text fields exactly, the file by the type its bytes show (Pact's
 * binary body otherwise holds every part to the form's own content type).
 */
const FORM_PART_RULES = [
  { path: '$.work', rules: [equal(ATTACHED_WORK)] },
  { path: '$.checkedItems', rules: [equal(JSON.stringify([CHECKLIST_ITEM]))] },
  { path: '$.attachments', rules: [{ 'pact:matcher:type': 'contentType', value: 'application/pdf' }] },
];

/**
 * svc-gateway's verification sets these up: a course whose lessons are, in order, a reading lesson,
 * a quiz (q1 and q2 with option `a` right in each, and q3 "select all that apply" with `a` and `c`
 * right) and an exercise whose checklist holds CHECKLIST_ITEM.
 */
const STATES = {
  learner: { name: 'a learner is signed in' },
  admin: { name: 'an admin is signed in' },
  submitted: { name: 'the demo learner has submitted work on the exercise', params: { exerciseLessonId: EXERCISE_LESSON_ID, work: 'We ran the retrospective.' } },
  practice: {
    name: 'a course has a quiz lesson and an exercise lesson',
    params: { courseId: COURSE_ID, readingLessonId: READING_LESSON_ID, quizLessonId: QUIZ_LESSON_ID, exerciseLessonId: EXERCISE_LESSON_ID },
  },
};

/** Feedback as svc-courses answers it (the offline coverage check by default). */
const FEEDBACK_LIKE = {
  status: regex('^(given|off|unavailable)$', 'given'),
  language: regex('^(en|ar)$', 'en'),
  text: like('This is an automatic check of coverage, not a grade.'),
  covered: atLeastLike(like(CHECKLIST_ITEM), 0),
  missing: atLeastLike(like(CHECKLIST_ITEM), 0),
  provider: regex('^(offline|openai)$', 'offline'),
  model: like('built-in'),
};

const progressBody = (lessonId: string) => ({
  courseId: COURSE_ID,
  completedLessonIds: [lessonId],
  startedLessonIds: [],
  secondsSpent: integer(0),
  lastActivityAt: ISO_TIMESTAMP_LIKE,
});

// Written afresh each run, so an interaction removed here disappears from the contract.
rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-mf-courses-lessons', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-mf-courses-lessons -> svc-gateway (quizzes and exercises)', () => {
  it('GET /api/lessons/:lessonId/quiz answers questions and options, without answers', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving("a learner opening a quiz lesson's quiz")
      .withRequest('GET', `/api/lessons/${QUIZ_LESSON_ID}/quiz`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          lessonId: QUIZ_LESSON_ID,
          courseId: COURSE_ID,
          passMark: number(0.7),
          questions: eachLike(
            { id: like('q1'), text: like('Who orders the Product Backlog?'), options: eachLike({ id: like('a'), text: like('The Product Owner.') }, 2), multiple: boolean(false) },
            2,
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonPracticeApi.endpoints.getLessonQuiz.initiate(QUIZ_LESSON_ID, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.questions.length).toBeGreaterThan(0);
      }));

  it(`GET /api/lessons/:lessonId/quiz answers 409 '${LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ}' for another kind of lesson`, () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner opening the quiz of a reading lesson')
      .withRequest('GET', `/api/lessons/${READING_LESSON_ID}/quiz`)
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 409, message: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonPracticeApi.endpoints.getLessonQuiz.initiate(READING_LESSON_ID, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 409, serverMessage: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ });
      }));

  it('GET /api/lessons/:lessonId/quiz/attempts answers the learner’s own attempts, none before the first', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner asking for their attempts at a quiz they have not tried')
      .withRequest('GET', `/api/lessons/${QUIZ_LESSON_ID}/quiz/attempts`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ attempts: [] }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonPracticeApi.endpoints.listQuizAttempts.initiate(QUIZ_LESSON_ID, { subscribe: false }));
        expect(result.data).toEqual({ attempts: [] });
      }));

  it('POST /api/lessons/:lessonId/quiz/attempts grades a passing attempt, a "select all that apply" answer included, and answers the progress it completed', () => {
    const answers = [
      { questionId: 'q1', optionId: 'a' },
      { questionId: 'q2', optionId: 'a' },
      { questionId: 'q3', optionIds: ['a', 'c'] },
    ];
    return pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner submitting right answers to a quiz')
      .withRequest('POST', `/api/lessons/${QUIZ_LESSON_ID}/quiz/attempts`, (request) => request.headers(JSON_CONTENT).jsonBody({ answers }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          attemptId: uuid('5b6c7d8e-9f0a-4b1c-8d3e-4f5a6b7c8d9e'),
          lessonId: QUIZ_LESSON_ID,
          courseId: COURSE_ID,
          correctCount: integer(3),
          questionCount: integer(3),
          score: integer(100),
          passed: true,
          questions: eachLike({
            questionId: like('q1'),
            chosenOptionId: like('a'),
            correctOptionId: like('a'),
            chosenOptionIds: eachLike('a'),
            correctOptionIds: eachLike('a'),
            multiple: boolean(false),
            correct: boolean(true),
            explanation: like('One accountable person keeps priorities clear.'),
          }),
          submittedAt: ISO_TIMESTAMP_LIKE,
          progress: progressBody(QUIZ_LESSON_ID),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(lessonPracticeApi.endpoints.submitQuizAttempt.initiate({ lessonId: QUIZ_LESSON_ID, answers })).unwrap();
        expect(reply).toMatchObject({ passed: true, progress: { completedLessonIds: [QUIZ_LESSON_ID] } });
      });
  });

  it('POST /api/lessons/:lessonId/quiz/attempts answers 400 with a message for an unknown question', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner answering a question the quiz does not have')
      .withRequest('POST', `/api/lessons/${QUIZ_LESSON_ID}/quiz/attempts`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({ answers: [{ questionId: 'q9', optionId: 'a' }] }),
      )
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          lessonPracticeApi.endpoints.submitQuizAttempt.initiate({ lessonId: QUIZ_LESSON_ID, answers: [{ questionId: 'q9', optionId: 'a' }] }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION });
      }));

  it('POST /api/lessons/:lessonId/exercise/submissions stores the work and answers the progress it completed', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner submitting work on an exercise')
      .withRequest('POST', `/api/lessons/${EXERCISE_LESSON_ID}/exercise/submissions`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({ work: 'We ran the retrospective and agreed two actions.', checkedItems: [CHECKLIST_ITEM] }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          submissionId: uuid('6c7d8e9f-0a1b-4c2d-9e4f-5a6b7c8d9e0f'),
          userId: uuid('7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a'),
          lessonId: EXERCISE_LESSON_ID,
          courseId: COURSE_ID,
          work: 'We ran the retrospective and agreed two actions.',
          checkedItems: [CHECKLIST_ITEM],
          attachments: [],
          feedback: FEEDBACK_LIKE,
          submittedAt: ISO_TIMESTAMP_LIKE,
          progress: progressBody(EXERCISE_LESSON_ID),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(
            lessonPracticeApi.endpoints.submitExercise.initiate({
              lessonId: EXERCISE_LESSON_ID,
              work: 'We ran the retrospective and agreed two actions.',
              checkedItems: [CHECKLIST_ITEM],
            }),
          )
          .unwrap();
        expect(reply.progress?.completedLessonIds).toEqual([EXERCISE_LESSON_ID]);
      }));

  it('POST /api/lessons/:lessonId/exercise/submissions takes an attached file as multipart and answers it with where to download it', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner submitting an exercise as an attached PDF with written work and a ticked item')
      .withRequest('POST', `/api/lessons/${EXERCISE_LESSON_ID}/exercise/submissions`, (request) =>
        request.headers({ 'Content-Type': regex('^multipart/form-data; ?boundary=.+$', `multipart/form-data; boundary=${FORM_BOUNDARY}`) }).body(`multipart/form-data; boundary=${FORM_BOUNDARY}`, SUBMISSION_FORM)
          .matchingRules({ body: FORM_PART_RULES }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          submissionId: uuid('6c7d8e9f-0a1b-4c2d-9e4f-5a6b7c8d9e0f'),
          userId: uuid('7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a'),
          lessonId: EXERCISE_LESSON_ID,
          courseId: COURSE_ID,
          work: ATTACHED_WORK,
          checkedItems: [CHECKLIST_ITEM],
          attachments: [
            {
              attachmentId: uuid('8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b'),
              name: 'retrospective-notes.pdf',
              mediaType: 'application/pdf',
              size: integer(readFileSync(NOTES_PDF).length),
              sha256: regex('^[0-9a-f]{64}$', 'a'.repeat(64)),
              downloadUrl: regex(`^/api/lessons/${EXERCISE_LESSON_ID}/exercise/submissions/[0-9a-f-]{36}/attachments/[0-9a-f-]{36}$`, `/api/lessons/${EXERCISE_LESSON_ID}/exercise/submissions/6c7d8e9f-0a1b-4c2d-9e4f-5a6b7c8d9e0f/attachments/8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b`),
            },
          ],
          feedback: FEEDBACK_LIKE,
          submittedAt: ISO_TIMESTAMP_LIKE,
          progress: progressBody(EXERCISE_LESSON_ID),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const file = new File([readFileSync(NOTES_PDF)], 'retrospective-notes.pdf', { type: 'application/pdf' });
        const reply = await store.dispatch(lessonPracticeApi.endpoints.submitExercise.initiate({ lessonId: EXERCISE_LESSON_ID, work: ATTACHED_WORK, checkedItems: [CHECKLIST_ITEM], files: [file] }))
          .unwrap();
        expect(reply.attachments[0].name).toBe('retrospective-notes.pdf');
        expect(reply.work).toBe(ATTACHED_WORK);
      }));

  it(`POST /api/lessons/:lessonId/exercise/submissions answers 400 '${LESSON_PRACTICE_MESSAGES.BLANK_WORK}' for blank work`, () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner submitting blank work on an exercise')
      .withRequest('POST', `/api/lessons/${EXERCISE_LESSON_ID}/exercise/submissions`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({ work: '   ', checkedItems: [] }),
      )
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: LESSON_PRACTICE_MESSAGES.BLANK_WORK }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonPracticeApi.endpoints.submitExercise.initiate({ lessonId: EXERCISE_LESSON_ID, work: '   ' }));
        expect(result.error).toMatchObject({ status: 400, serverMessage: LESSON_PRACTICE_MESSAGES.BLANK_WORK });
      }));

  it('GET /api/lessons/:lessonId/exercise/submissions answers the learner’s own submissions, none before the first', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving('a learner asking for their submissions to an exercise they have not submitted')
      .withRequest('GET', `/api/lessons/${EXERCISE_LESSON_ID}/exercise/submissions`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ submissions: [] }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonPracticeApi.endpoints.listExerciseSubmissions.initiate(EXERCISE_LESSON_ID, { subscribe: false }));
        expect(result.data).toEqual({ submissions: [] });
      }));

  it("GET /api/lessons/:lessonId/exercise/review answers an admin every learner's submissions, a page at a time, with their names", () =>
    pact
      .addInteraction()
      .given(STATES.admin.name)
      .given(STATES.practice.name, STATES.practice.params)
      .given(STATES.submitted.name, STATES.submitted.params)
      .uponReceiving("an admin reviewing the first page of an exercise's submissions")
      .withRequest('GET', `/api/lessons/${EXERCISE_LESSON_ID}/exercise/review`, (request) => request.query({ page: '1', pageSize: '10' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            submissionId: uuid('6c7d8e9f-0a1b-4c2d-9e4f-5a6b7c8d9e0f'),
            userId: uuid('7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a'),
            lessonId: EXERCISE_LESSON_ID,
            courseId: COURSE_ID,
            work: like('We ran the retrospective.'),
            checkedItems: atLeastLike(like(CHECKLIST_ITEM), 0),
            attachments: [],
            feedback: FEEDBACK_LIKE,
            submittedAt: ISO_TIMESTAMP_LIKE,
            userName: like('Demo Learner'),
            userEmail: like('demo@masar.test'),
          }),
          total: integer(1),
          page: 1,
          pageSize: 10,
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonPracticeApi.endpoints.reviewExerciseSubmissions.initiate({ lessonId: EXERCISE_LESSON_ID, page: 1, pageSize: 10 }, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.items[0]).toMatchObject({ userName: 'Demo Learner', work: 'We ran the retrospective.' });
      }));

  it('GET /api/lessons/:lessonId/exercise/review answers a learner 403', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .given(STATES.practice.name, STATES.practice.params)
      .uponReceiving("a learner asking for everyone's submissions to an exercise")
      .withRequest('GET', `/api/lessons/${EXERCISE_LESSON_ID}/exercise/review`, (request) => request.query({ page: '1', pageSize: '10' }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: like('You do not have permission to do this') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonPracticeApi.endpoints.reviewExerciseSubmissions.initiate({ lessonId: EXERCISE_LESSON_ID, page: 1, pageSize: 10 }, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 403 });
      }));

  it("GET an attachment's downloadUrl answers an admin the file's bytes as a download", () => {
    const submissionId = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
    const attachmentId = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
    const downloadUrl = `/api/lessons/${EXERCISE_LESSON_ID}/exercise/submissions/${submissionId}/attachments/${attachmentId}`;
    return pact
      .addInteraction()
      .given(STATES.admin.name)
      .given(STATES.practice.name, STATES.practice.params)
      .given('the demo learner has submitted a PDF on the exercise', { exerciseLessonId: EXERCISE_LESSON_ID, submissionId, attachmentId })
      .uponReceiving("an admin downloading a learner's attached PDF from the review")
      .withRequest('GET', downloadUrl)
      .willRespondWith(200, (response) =>
        response
          .headers({
            'Content-Disposition': regex('^attachment; filename="retrospective-notes\\.pdf"', 'attachment; filename="retrospective-notes.pdf"'),
            'X-Content-Type-Options': 'nosniff',
          })
          .binaryFile('application/pdf', NOTES_PDF),
      )
      .executeTest(async (mockServer) => {
        // The review's link is followed by the browser itself (`<a href={downloadUrl} download>`), as here.
        const response = await fetch(`${mockServer.url}${downloadUrl}`);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      });
  });
});
