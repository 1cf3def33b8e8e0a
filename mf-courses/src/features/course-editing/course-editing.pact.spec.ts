/** @jest-environment node */
// Consumer contract of mf-courses' course editing with svc-gateway, through the REAL RTK Query
// endpoint and base query, pointed at Pact's mock server.
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createTestStoreFor } from '@masar/shell/testing';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { courseEditingApi } from './course-editing.api';

const { like, regex, uuid, eachLike } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-editing-svc-gateway.json');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const COURSE_ID = '7a2c4e6f-8b1d-4f3a-9c5e-0d2f4a6b8c1e';
const MISSING_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const LESSON_ID = '1f3b5d7e-9a2c-4e6f-8b1d-3f5a7c9e2b4d';
const FOREIGN_LESSON_ID = '2e4c6a8f-0b1d-4c3e-9f5a-7b9d1f3e5c7a';

const ADMIN = { name: 'an admin is signed in' };
const LEARNER = { name: 'a learner is signed in' };
/** svc-gateway's state: an internal course with one module of two lessons (key points and activities included). */
const COURSE = {
  name: 'a course with modules and lessons exists',
  params: { id: COURSE_ID, title: 'Negotiation Skills', modules: 1, lessonsPerModule: 2, firstLessonId: LESSON_ID },
};
const MISSING = { name: 'no course has the given id', params: { id: MISSING_ID } };

const CHANGES = {
  title: 'Negotiation Skills for Buyers',
  titleAr: 'مهارات التفاوض للمشترين',
  description: 'Prepare, open and close a negotiation with a supplier.',
};

const pact = new PactV4({ consumer: 'masar-mf-courses-editing', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

beforeAll(() => rmSync(PACT_FILE, { force: true }));

describe('mf-courses course editing against svc-gateway', () => {
  it('PUT /api/courses/:id lets an admin change a course and answers it with the same lessons', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin changing a course’s title and description')
      .withRequest('PUT', `/api/courses/${COURSE_ID}`, (request) => request.headers(JSON_CONTENT).jsonBody(CHANGES))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          course: like({
            id: COURSE_ID,
            ...CHANGES,
            duration: like('6 weeks'),
            format: like('Online'),
            departmentOwner: like('Learning & Development'),
            color: like('blue'),
            abbreviation: like('NS'),
            imageUrl: null,
            createdAt: like('2026-11-22T08:30:00.000Z'),
            prerequisites: like([]),
            modules: eachLike({
              id: uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'),
              title: like('Module 1'),
              description: like('Part 1.'),
              lessons: eachLike(
                {
                  id: uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
                  title: like('Lesson 1.1'),
                  duration: like('15 min'),
                  type: regex('^(video|reading|quiz|exercise)$', 'reading'),
                  content: like('What the lesson explains.'),
                  keyPoints: like(['The idea to keep']),
                  activities: like(['Try it']),
                },
                2,
              ),
            }),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseEditingApi.endpoints.updateCourse.initiate({ id: COURSE_ID, changes: CHANGES })).unwrap();
        expect(reply.course).toMatchObject({ id: COURSE_ID, ...CHANGES });
      }));

  it("PUT /api/courses/:id answers 400 with the create form's message for a blank title", () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin blanking a course’s title')
      .withRequest('PUT', `/api/courses/${COURSE_ID}`, (request) => request.headers(JSON_CONTENT).jsonBody({ title: '   ' }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'title: Title is required' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseEditingApi.endpoints.updateCourse.initiate({ id: COURSE_ID, changes: { title: '   ' } }));
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'title: Title is required' });
      }));

  it('PUT /api/courses/:id answers 403 with a message to a learner', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('a learner trying to change a course')
      .withRequest('PUT', `/api/courses/${COURSE_ID}`, (request) => request.headers(JSON_CONTENT).jsonBody(CHANGES))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: 'You do not have permission to do this' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseEditingApi.endpoints.updateCourse.initiate({ id: COURSE_ID, changes: CHANGES }));
        expect(result.error).toMatchObject({ status: 403, serverMessage: 'You do not have permission to do this' });
      }));

  it("PUT /api/courses/:id answers 404 'Course not found' for an unknown course", () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(MISSING.name, MISSING.params)
      .uponReceiving('an admin changing a course that does not exist')
      .withRequest('PUT', `/api/courses/${MISSING_ID}`, (request) => request.headers(JSON_CONTENT).jsonBody(CHANGES))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'Course not found' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseEditingApi.endpoints.updateCourse.initiate({ id: MISSING_ID, changes: CHANGES }));
        expect(result.error).toMatchObject({ status: 404, serverMessage: 'Course not found' });
      }));

  const LESSON_CHANGES = {
    title: 'Knowing your walk-away point',
    content: 'Before you meet, write down the least you will accept and why.',
    keyPoints: ['Decide your walk-away point before the meeting'],
  };

  it('PUT /api/courses/:id/lessons/:lessonId lets an admin change a lesson in place', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin changing a lesson’s title, text and key points')
      .withRequest('PUT', `/api/courses/${COURSE_ID}/lessons/${LESSON_ID}`, (request) => request.headers(JSON_CONTENT).jsonBody(LESSON_CHANGES))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          course: like({
            id: COURSE_ID,
            title: 'Negotiation Skills',
            description: like('What the course teaches.'),
            duration: like('6 weeks'),
            format: like('Online'),
            departmentOwner: like('Learning & Development'),
            color: like('blue'),
            abbreviation: like('NS'),
            imageUrl: null,
            createdAt: like('2026-11-22T08:30:00.000Z'),
            prerequisites: like([]),
            modules: [
              {
                id: uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'),
                title: like('Module 1'),
                description: like('Part 1.'),
                lessons: [
                  {
                    id: LESSON_ID,
                    ...LESSON_CHANGES,
                    duration: like('15 min'),
                    type: regex('^(video|reading|quiz|exercise)$', 'reading'),
                    activities: like(['Try it']),
                  },
                  like({
                    id: uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
                    title: 'Lesson 1.2',
                    duration: '15 min',
                    type: 'reading',
                    content: 'What the lesson explains.',
                    keyPoints: ['The idea to keep'],
                    activities: ['Try it'],
                  }),
                ],
              },
            ],
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(courseEditingApi.endpoints.updateLesson.initiate({ courseId: COURSE_ID, lessonId: LESSON_ID, changes: LESSON_CHANGES }))
          .unwrap();
        expect(reply.course.modules[0].lessons[0]).toMatchObject({ id: LESSON_ID, ...LESSON_CHANGES });
      }));

  it("PUT /api/courses/:id/lessons/:lessonId answers 404 'Lesson not found' for a lesson the course does not have", () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin changing a lesson of another course')
      .withRequest('PUT', `/api/courses/${COURSE_ID}/lessons/${FOREIGN_LESSON_ID}`, (request) => request.headers(JSON_CONTENT).jsonBody(LESSON_CHANGES))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'Lesson not found' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          courseEditingApi.endpoints.updateLesson.initiate({ courseId: COURSE_ID, lessonId: FOREIGN_LESSON_ID, changes: LESSON_CHANGES }),
        );
        expect(result.error).toMatchObject({ status: 404, serverMessage: 'Lesson not found' });
      }));
});
