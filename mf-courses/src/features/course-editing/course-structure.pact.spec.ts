/** @jest-environment node */
// Consumer contract of mf-courses' "Edit structure" mode with svc-gateway, through the REAL RTK Query
// endpoints and base query, pointed at Pact's mock server. A pact file of its own (the lesson and course
// edit forms keep masar-mf-courses-editing), so each feature's contract changes alone.
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createTestStoreFor } from '@masar/shell/testing';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { courseStructureApi } from './course-structure.api';

const { like, regex, uuid, eachLike } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-structure-svc-gateway.json');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const COURSE_ID = '7a2c4e6f-8b1d-4f3a-9c5e-0d2f4a6b8c1e';
const [MODULE_1, MODULE_2] = ['3b5d7f9a-1c2e-4a4b-8d6f-8a0c2e4b6d8f', '4c6e8a0b-2d3f-4b5c-9e7a-9b1d3f5a7c9e'];
const [LESSON_1, LESSON_2] = ['1f3b5d7e-9a2c-4e6f-8b1d-3f5a7c9e2b4d', '5d7f9b1c-3e4a-4c6d-8f0b-0c2e4a6c8e0a'];
const FOREIGN_LESSON_ID = '2e4c6a8f-0b1d-4c3e-9f5a-7b9d1f3e5c7a';

const ADMIN = { name: 'an admin is signed in' };
const LEARNER = { name: 'a learner is signed in' };
/** svc-gateway's state: an internal course of two modules of two lessons, under known ids. */
const COURSE = {
  name: 'a course with modules and lessons exists',
  params: { id: COURSE_ID, title: 'Negotiation Skills', modules: 2, lessonsPerModule: 2, moduleIds: [MODULE_1, MODULE_2], firstModuleLessonIds: [LESSON_1, LESSON_2] },
};

const NEW_LESSON = {
  title: 'Closing the deal',
  type: 'reading' as const,
  duration: '10 min',
  content: 'Summarise what both sides agreed and who does what next.',
  keyPoints: ['Summarise the agreement'],
  activities: ['Write the closing summary of your last negotiation'],
};

const lessonLike = (fields: Record<string, unknown> = {}) => ({
  id: uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
  title: like('Lesson 1.1'),
  duration: like('15 min'),
  type: regex('^(video|reading|quiz|exercise)$', 'reading'),
  content: like('What the lesson explains.'),
  keyPoints: like(['The idea to keep']),
  activities: like(['Try it']),
  ...fields,
});
const moduleLike = (fields: Record<string, unknown> = {}) => ({
  id: uuid(MODULE_1),
  title: like('Module 1'),
  description: like('Part 1.'),
  lessons: eachLike(lessonLike()),
  ...fields,
});
/** The course the gateway answers after a change, with these modules. */
const courseWith = (modules: unknown) => ({
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
    modules,
  }),
});

const pact = new PactV4({ consumer: 'masar-mf-courses-structure', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

beforeAll(() => rmSync(PACT_FILE, { force: true }));

describe('mf-courses course structure editing against svc-gateway', () => {
  it('POST /api/courses/:id/modules adds a module with its first lesson after the last one (201)', () => {
    const module = { title: 'Closing', description: 'Agreeing and following up.', firstLesson: NEW_LESSON };
    return pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin adding a module with its first lesson')
      .withRequest('POST', `/api/courses/${COURSE_ID}/modules`, (request) => request.headers(JSON_CONTENT).jsonBody(module))
      .willRespondWith(201, (response) =>
        response
          .headers(JSON_CONTENT)
          .jsonBody(courseWith([moduleLike({ id: MODULE_1 }), moduleLike({ id: MODULE_2 }), moduleLike({ title: module.title, description: module.description, lessons: [lessonLike(NEW_LESSON)] })])),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseStructureApi.endpoints.addModule.initiate({ courseId: COURSE_ID, module })).unwrap();
        expect(reply.course.modules[2]).toMatchObject({ title: 'Closing', lessons: [NEW_LESSON] });
      });
  });

  it('POST /api/courses/:id/modules answers 403 with a message to a learner', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('a learner trying to add a module')
      .withRequest('POST', `/api/courses/${COURSE_ID}/modules`, (request) => request.headers(JSON_CONTENT).jsonBody({ title: 'Mine now' }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: 'You do not have permission to do this' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseStructureApi.endpoints.addModule.initiate({ courseId: COURSE_ID, module: { title: 'Mine now' } }));
        expect(result.error).toMatchObject({ status: 403, serverMessage: 'You do not have permission to do this' });
      }));

  it('PUT /api/courses/:id/modules/:moduleId changes a module in place', () => {
    const changes = { title: 'Preparing well', description: 'Know your walk-away point.' };
    return pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin renaming a module')
      .withRequest('PUT', `/api/courses/${COURSE_ID}/modules/${MODULE_1}`, (request) => request.headers(JSON_CONTENT).jsonBody(changes))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(courseWith([moduleLike({ id: MODULE_1, ...changes }), moduleLike({ id: MODULE_2 })])))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseStructureApi.endpoints.updateModule.initiate({ courseId: COURSE_ID, moduleId: MODULE_1, changes })).unwrap();
        expect(reply.course.modules[0]).toMatchObject({ id: MODULE_1, ...changes });
      });
  });

  it('DELETE /api/courses/:id/modules/:moduleId deletes a module with its lessons', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin deleting a module')
      .withRequest('DELETE', `/api/courses/${COURSE_ID}/modules/${MODULE_1}`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(courseWith([moduleLike({ id: MODULE_2 })])))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseStructureApi.endpoints.deleteModule.initiate({ courseId: COURSE_ID, moduleId: MODULE_1 })).unwrap();
        expect(reply.course.modules.map((module) => module.id)).toEqual([MODULE_2]);
      }));

  it('PUT /api/courses/:id/modules/order puts the modules in the order given', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin moving the second module first')
      .withRequest('PUT', `/api/courses/${COURSE_ID}/modules/order`, (request) => request.headers(JSON_CONTENT).jsonBody({ moduleIds: [MODULE_2, MODULE_1] }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(courseWith([moduleLike({ id: MODULE_2 }), moduleLike({ id: MODULE_1 })])))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseStructureApi.endpoints.reorderModules.initiate({ courseId: COURSE_ID, moduleIds: [MODULE_2, MODULE_1] })).unwrap();
        expect(reply.course.modules.map((module) => module.id)).toEqual([MODULE_2, MODULE_1]);
      }));

  it('PUT /api/courses/:id/modules/order answers 400 with a message for a list missing a module', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin reordering with a module left out')
      .withRequest('PUT', `/api/courses/${COURSE_ID}/modules/order`, (request) => request.headers(JSON_CONTENT).jsonBody({ moduleIds: [MODULE_2] }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: "The new order must list each of the course's modules exactly once" }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseStructureApi.endpoints.reorderModules.initiate({ courseId: COURSE_ID, moduleIds: [MODULE_2] }));
        expect(result.error).toMatchObject({ status: 400, serverMessage: "The new order must list each of the course's modules exactly once" });
      }));

  it('POST /api/courses/:id/modules/:moduleId/lessons adds a lesson at the end of the module (201)', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin adding a lesson to a module')
      .withRequest('POST', `/api/courses/${COURSE_ID}/modules/${MODULE_1}/lessons`, (request) => request.headers(JSON_CONTENT).jsonBody(NEW_LESSON))
      .willRespondWith(201, (response) =>
        response
          .headers(JSON_CONTENT)
          .jsonBody(courseWith([moduleLike({ id: MODULE_1, lessons: [lessonLike({ id: LESSON_1 }), lessonLike({ id: LESSON_2 }), lessonLike(NEW_LESSON)] }), moduleLike({ id: MODULE_2 })])),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseStructureApi.endpoints.addLesson.initiate({ courseId: COURSE_ID, moduleId: MODULE_1, lesson: NEW_LESSON })).unwrap();
        expect(reply.course.modules[0].lessons[2]).toMatchObject(NEW_LESSON);
      }));

  it("POST /api/courses/:id/modules/:moduleId/lessons answers 400 with the form's message for a blank title", () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin adding a lesson without a title')
      .withRequest('POST', `/api/courses/${COURSE_ID}/modules/${MODULE_1}/lessons`, (request) => request.headers(JSON_CONTENT).jsonBody({ ...NEW_LESSON, title: '  ' }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'title: Title is required' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          courseStructureApi.endpoints.addLesson.initiate({ courseId: COURSE_ID, moduleId: MODULE_1, lesson: { ...NEW_LESSON, title: '  ' } }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'title: Title is required' });
      }));

  it('PUT /api/courses/:id/modules/:moduleId/lessons/order puts the lessons in the order given', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving("an admin swapping a module's two lessons")
      .withRequest('PUT', `/api/courses/${COURSE_ID}/modules/${MODULE_1}/lessons/order`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({ lessonIds: [LESSON_2, LESSON_1] }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(courseWith([moduleLike({ id: MODULE_1, lessons: [lessonLike({ id: LESSON_2 }), lessonLike({ id: LESSON_1 })] }), moduleLike({ id: MODULE_2 })])),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(courseStructureApi.endpoints.reorderLessons.initiate({ courseId: COURSE_ID, moduleId: MODULE_1, lessonIds: [LESSON_2, LESSON_1] }))
          .unwrap();
        expect(reply.course.modules[0].lessons.map((lesson) => lesson.id)).toEqual([LESSON_2, LESSON_1]);
      }));

  it('PUT /api/courses/:id/lessons/:lessonId/module moves a lesson to the end of another module', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin moving a lesson into the second module')
      .withRequest('PUT', `/api/courses/${COURSE_ID}/lessons/${LESSON_1}/module`, (request) => request.headers(JSON_CONTENT).jsonBody({ moduleId: MODULE_2 }))
      .willRespondWith(200, (response) =>
        response
          .headers(JSON_CONTENT)
          .jsonBody(courseWith([moduleLike({ id: MODULE_1, lessons: [lessonLike({ id: LESSON_2 })] }), moduleLike({ id: MODULE_2, lessons: [lessonLike(), lessonLike(), lessonLike({ id: LESSON_1 })] })])),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseStructureApi.endpoints.moveLesson.initiate({ courseId: COURSE_ID, lessonId: LESSON_1, moduleId: MODULE_2 })).unwrap();
        expect(reply.course.modules[1].lessons[2].id).toBe(LESSON_1);
      }));

  it('DELETE /api/courses/:id/lessons/:lessonId deletes a lesson', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin deleting a lesson')
      .withRequest('DELETE', `/api/courses/${COURSE_ID}/lessons/${LESSON_1}`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(courseWith([moduleLike({ id: MODULE_1, lessons: [lessonLike({ id: LESSON_2 })] }), moduleLike({ id: MODULE_2 })])))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseStructureApi.endpoints.deleteLesson.initiate({ courseId: COURSE_ID, lessonId: LESSON_1 })).unwrap();
        expect(reply.course.modules[0].lessons.map((lesson) => lesson.id)).toEqual([LESSON_2]);
      }));

  it("DELETE /api/courses/:id/lessons/:lessonId answers 404 'Lesson not found' for a lesson the course does not have", () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, COURSE.params)
      .uponReceiving('an admin deleting a lesson of another course')
      .withRequest('DELETE', `/api/courses/${COURSE_ID}/lessons/${FOREIGN_LESSON_ID}`)
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'Lesson not found' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseStructureApi.endpoints.deleteLesson.initiate({ courseId: COURSE_ID, lessonId: FOREIGN_LESSON_ID }));
        expect(result.error).toMatchObject({ status: 404, serverMessage: 'Lesson not found' });
      }));
});
