/** @jest-environment node */
// Consumer contract of mf-agents with svc-gateway: the quality calls the /quality page makes, through
// the REAL RTK Query endpoints and base query, pointed at Pact's mock server.
import { QUALITY_CHECKS } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import path from 'node:path';
import { qualityApi } from './quality.api';

const { like, regex, uuid, eachLike, integer } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };

/** The course the provider states name; its id appears in paths, so it is exact. */
const COURSE_ID = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
const MISSING_COURSE_ID = '00000000-0000-4000-8000-0000000000cc';
const FAILED_MESSAGE = 'The lesson "Lesson 1.1" holds placeholder text: lorem ipsum (“Lorem ipsum”).';

/** Provider states (svc-gateway's verification sets them up, with these params; see its course-provider-states.ts). */
const STATES = {
  admin: { name: 'an admin is signed in' },
  learner: { name: 'a learner is signed in' },
  /** One module ("Module 1") of two lessons, reviewed: placeholder-text failed on Lesson 1.1, personal-data passed on both. */
  reviewed: { name: 'a course has a quality review', params: { id: COURSE_ID, title: 'SQL for Reporting', failedMessage: FAILED_MESSAGE } },
  course: { name: 'a course with modules and lessons exists', params: { id: COURSE_ID, title: 'SQL for Reporting', modules: 1, lessonsPerModule: 2 } },
  missing: { name: 'no course has the given id', params: { id: MISSING_COURSE_ID } },
  tasksWait: { name: 'agent tasks wait in the queue' },
} as const;

const CHECK = `^(${QUALITY_CHECKS.join('|')})$`;
const findingOnLesson = (fields: { check: string; passed: boolean; severity: string; lessonTitle: string; message: string }) => ({
  ...fields,
  check: regex(CHECK, fields.check),
  moduleId: uuid('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
  lessonId: uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
  moduleTitle: 'Module 1',
});

// Written afresh each run, so an interaction removed here disappears from the contract.
const pact = new PactV4({ consumer: 'masar-mf-agents', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-mf-agents -> svc-gateway (quality assurance)', () => {
  it('GET /api/quality/summary answers the figures over every latest review', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name)
      .given(STATES.reviewed.name, STATES.reviewed.params)
      .uponReceiving('a request for the quality figures')
      .withRequest('GET', '/api/quality/summary')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          coursesReviewed: 1,
          checksRun: 3,
          passed: 2,
          failed: 1,
          passRate: 66.7,
          bySeverity: { critical: 0, major: 1, minor: 0, info: 0 },
          byCheck: eachLike({ check: regex(CHECK, 'structure'), run: integer(0), passed: integer(0), failed: integer(0) }, QUALITY_CHECKS.length),
          lastReviewedAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(qualityApi.endpoints.qualitySummary.initiate(undefined, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data).toMatchObject({ coursesReviewed: 1, passRate: 66.7 });
      }));

  it('GET /api/quality/summary refuses a learner with 403', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .uponReceiving('a request for the quality figures from a learner')
      .withRequest('GET', '/api/quality/summary')
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: like('You do not have permission to do this') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(qualityApi.endpoints.qualitySummary.initiate(undefined, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 403 });
      }));

  it('GET /api/quality/courses pages the reviewed courses, worst first', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name)
      .given(STATES.reviewed.name, STATES.reviewed.params)
      .uponReceiving('a request for the first page of reviewed courses')
      .withRequest('GET', '/api/quality/courses', (request) => request.query({ page: '1', pageSize: '10' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: [
            {
              courseId: COURSE_ID,
              courseTitle: 'SQL for Reporting',
              reviewedAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
              checksRun: 3,
              passed: 2,
              failed: 1,
              worstSeverity: 'major',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(qualityApi.endpoints.qualityCourses.initiate({ page: 1 }, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.items[0].worstSeverity).toBe('major');
      }));

  it("GET /api/quality/courses/:courseId answers the course's report with the lessons its findings concern", () =>
    pact
      .addInteraction()
      .given(STATES.admin.name)
      .given(STATES.reviewed.name, STATES.reviewed.params)
      .uponReceiving("a request for a reviewed course's quality report")
      .withRequest('GET', `/api/quality/courses/${COURSE_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          reviewId: uuid('3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f'),
          courseId: COURSE_ID,
          courseTitle: 'SQL for Reporting',
          taskId: null,
          reviewedAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
          checksRun: 3,
          passed: 2,
          failed: 1,
          findings: [
            findingOnLesson({ check: 'placeholder-text', passed: false, severity: 'major', lessonTitle: 'Lesson 1.1', message: FAILED_MESSAGE }),
            ...['Lesson 1.1', 'Lesson 1.2'].map((lessonTitle) =>
              findingOnLesson({ check: 'personal-data', passed: true, severity: 'critical', lessonTitle, message: `The lesson "${lessonTitle}" holds no email address or phone number.` }),
            ),
          ],
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(qualityApi.endpoints.qualityReport.initiate(COURSE_ID, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.findings[0]).toMatchObject({ passed: false, lessonTitle: 'Lesson 1.1' });
      }));

  it('GET /api/quality/courses/:courseId answers 404 for a course never reviewed', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name)
      .given(STATES.missing.name, STATES.missing.params)
      .uponReceiving('a request for the quality report of a course never reviewed')
      .withRequest('GET', `/api/quality/courses/${MISSING_COURSE_ID}`)
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'This course has not been reviewed yet' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(qualityApi.endpoints.qualityReport.initiate(MISSING_COURSE_ID, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 404, message: expect.stringContaining('This course has not been reviewed yet') });
      }));

  it("POST /api/quality/reviews starts a review of one course as the admin's task: 202 {task}, queued", () =>
    pact
      .addInteraction()
      .given(STATES.admin.name)
      .given(STATES.course.name, STATES.course.params)
      .given(STATES.tasksWait.name)
      .uponReceiving('a request to review one course')
      .withRequest('POST', '/api/quality/reviews', (request) => request.jsonBody({ courseId: COURSE_ID }))
      .willRespondWith(202, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          task: {
            id: uuid('4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a'),
            title: 'Quality review: SQL for Reporting',
            type: 'quality-review',
            agent: 'quality-assurance',
            status: 'queued',
            progress: 0,
            currentStep: like('Waiting to start'),
            canPause: false,
            canCancel: true,
            startTime: null,
            endTime: null,
            estimatedDuration: integer(20),
            error: null,
            logs: eachLike({ at: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: like('Queued') }),
            result: null,
            createdBy: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
            createdAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
            updatedAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(qualityApi.endpoints.startQualityReview.initiate({ courseId: COURSE_ID }));
        expect(result.error).toBeUndefined();
        expect(result.data?.task).toMatchObject({ type: 'quality-review', status: 'queued' });
      }));
});
