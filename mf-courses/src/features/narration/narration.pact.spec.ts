/** @jest-environment node */
// Consumer contract of mf-courses' whole-course narration with svc-gateway, through the REAL RTK
// Query endpoint and base query, pointed at Pact's mock server.
import { COURSE_NOT_FOUND_MESSAGE } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { narrationApi } from './narration.api';

const { regex, integer, uuid, boolean } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-narration-svc-gateway.json');
const ISO_TIMESTAMP = regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', '2026-11-26T08:30:00.000Z');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
/** The id is in the path, so it is exact. */
const COURSE_ID = '7c2a8e3b-4d5f-4a6b-9c7d-8e9f0a1b2c3e';
const MISSING_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

const ADMIN = 'an admin is signed in';
const LEARNER = 'a learner is signed in';
/** An internal course of 2 modules of 2 reading lessons, every lesson with text. */
const COURSE = 'a course with modules and lessons exists';
const COURSE_PARAMS = { id: COURSE_ID, title: 'Budgeting Basics', skills: ['Budgeting'], modules: 2, lessonsPerModule: 2 };

const pact = new PactV4({ consumer: 'masar-mf-courses-narration', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

beforeAll(() => rmSync(PACT_FILE, { force: true }));

describe('mf-courses whole-course narration against svc-gateway', () => {
  it('POST /api/courses/:id/generate-audio answers how many lessons will be narrated, and the queued task', () =>
    pact
      .addInteraction()
      .given(ADMIN)
      .given(COURSE, COURSE_PARAMS)
      .uponReceiving('an admin asking for the narration of a whole course')
      .withRequest('POST', `/api/courses/${COURSE_ID}/generate-audio`)
      .willRespondWith(202, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          totalLessons: 4,
          task: {
            id: uuid('3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b'),
            title: 'Course narration: Budgeting Basics',
            type: 'course-narration',
            agent: 'content-enhancement',
            status: 'queued',
            progress: 0,
            currentStep: 'Waiting to start',
            canPause: boolean(false),
            canCancel: true,
            startTime: null,
            endTime: null,
            estimatedDuration: integer(50),
            error: null,
            logs: [{ at: ISO_TIMESTAMP, message: 'Queued' }],
            result: null,
            createdBy: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
            createdAt: ISO_TIMESTAMP,
            updatedAt: ISO_TIMESTAMP,
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(narrationApi.endpoints.startCourseNarration.initiate({ courseId: COURSE_ID })).unwrap();
        expect(reply).toMatchObject({ totalLessons: 4, task: { type: 'course-narration', status: 'queued' } });
      }));

  it('POST /api/courses/:id/generate-audio answers 403 for a learner', () =>
    pact
      .addInteraction()
      .given(LEARNER)
      .given(COURSE, COURSE_PARAMS)
      .uponReceiving('a learner asking for the narration of a whole course')
      .withRequest('POST', `/api/courses/${COURSE_ID}/generate-audio`)
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: regex('^.+$', 'You do not have permission to do this') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(narrationApi.endpoints.startCourseNarration.initiate({ courseId: COURSE_ID }));
        expect(result.error).toMatchObject({ status: 403 });
      }));

  it('POST /api/courses/:id/generate-audio answers 404 for a course that does not exist', () =>
    pact
      .addInteraction()
      .given(ADMIN)
      .given('no course has the given id', { id: MISSING_ID })
      .uponReceiving('an admin asking for the narration of a course that does not exist')
      .withRequest('POST', `/api/courses/${MISSING_ID}/generate-audio`)
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(narrationApi.endpoints.startCourseNarration.initiate({ courseId: MISSING_ID }));
        expect(result.error).toMatchObject({ status: 404, serverMessage: COURSE_NOT_FOUND_MESSAGE });
      }));
});
