/** @jest-environment node */
// Consumer contract of mf-courses' publishing with svc-gateway, through the REAL RTK Query
// endpoints and base query, pointed at Pact's mock server.
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createTestStoreFor } from '@masar/shell/testing';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { coursePublishingApi } from './course-publishing.api';

const { like, regex, uuid, eachLike } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-publishing-svc-gateway.json');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const COURSE_ID = '3c5e7a9b-1d2f-4a6c-8e0b-2d4f6a8c0e1b';
const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

const ADMIN = { name: 'an admin is signed in' };
const LEARNER = { name: 'a learner is signed in' };
const COURSE = { name: 'a course with modules and lessons exists' };
const DRAFT_PARAMS = { id: COURSE_ID, title: 'Negotiation Skills', modules: 1, lessonsPerModule: 2, status: 'draft' };

/** The course as an admin's detail answers it: with its publication state and what needs work (nothing here). */
function courseIn(status: 'draft' | 'published') {
  return like({
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
    status,
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
    publication: { status, publishedAt: regex(ISO, '2026-11-26T05:00:00.000Z'), problems: [] },
  });
}

const pact = new PactV4({ consumer: 'masar-mf-courses-publishing', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

beforeAll(() => rmSync(PACT_FILE, { force: true }));

describe('mf-courses publishing against svc-gateway', () => {
  it('POST /api/courses/:id/publish publishes a draft with nothing left to do', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, DRAFT_PARAMS)
      .uponReceiving('an admin publishing a draft that is ready')
      .withRequest('POST', `/api/courses/${COURSE_ID}/publish`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ course: courseIn('published') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(coursePublishingApi.endpoints.publishCourse.initiate(COURSE_ID)).unwrap();
        expect(reply.course.publication?.status).toBe('published');
      }));

  it('POST /api/courses/:id/publish answers 409 with the count while the course needs work', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, { ...DRAFT_PARAMS, modules: 0, lessonsPerModule: 0 })
      .uponReceiving('an admin publishing a draft without modules')
      .withRequest('POST', `/api/courses/${COURSE_ID}/publish`)
      .willRespondWith(409, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 409, message: 'This course cannot be published yet: 1 thing still needs work' }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(coursePublishingApi.endpoints.publishCourse.initiate(COURSE_ID));
        expect(result.error).toMatchObject({ status: 409, serverMessage: 'This course cannot be published yet: 1 thing still needs work' });
      }));

  it('POST /api/courses/:id/unpublish moves a published course back to a draft', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(COURSE.name, { ...DRAFT_PARAMS, status: 'published' })
      .uponReceiving('an admin moving a published course back to a draft')
      .withRequest('POST', `/api/courses/${COURSE_ID}/unpublish`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ course: courseIn('draft') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(coursePublishingApi.endpoints.unpublishCourse.initiate(COURSE_ID)).unwrap();
        expect(reply.course.status).toBe('draft');
      }));

  it('POST /api/courses/:id/publish answers 403 with a message to a learner', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .given(COURSE.name, DRAFT_PARAMS)
      .uponReceiving('a learner trying to publish a course')
      .withRequest('POST', `/api/courses/${COURSE_ID}/publish`)
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: 'You do not have permission to do this' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(coursePublishingApi.endpoints.publishCourse.initiate(COURSE_ID));
        expect(result.error).toMatchObject({ status: 403, serverMessage: 'You do not have permission to do this' });
      }));
});
