/** @jest-environment node */
// Consumer contract of mf-courses' lesson illustrations with svc-gateway, through the REAL RTK Query
// endpoint and base query, pointed at Pact's mock server.
import { aiFeatureOffMessage, LESSON_ILLUSTRATION_MESSAGES } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { illustrationsApi, lessonImageBodyOf } from './illustrations.api';

const { regex } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-illustrations-svc-gateway.json');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const LEARNER = 'a learner is signed in';
/** params `{key}`: svc-ai keeps a PNG under that key. */
const ILLUSTRATION_STORED = 'a lesson illustration is stored under a known key';
const ILLUSTRATIONS_OFF = 'lesson illustrations are turned off';
const KEY = 'f'.repeat(64);

const lesson = {
  title: 'Pivot tables step by step',
  content: 'A pivot table summarises thousands of rows in seconds. Drag Region to Rows and Revenue to Values to total revenue by region.',
  keyPoints: ['A pivot table summarises thousands of rows in seconds.'],
};

const pact = new PactV4({ consumer: 'masar-mf-courses-illustrations', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

beforeAll(() => rmSync(PACT_FILE, { force: true }));

describe('mf-courses lesson illustrations against svc-gateway', () => {
  it('POST /api/lessons/generate-image answers the address of the lesson’s PNG', () =>
    pact
      .addInteraction()
      .given(LEARNER)
      .uponReceiving('a request to illustrate a lesson')
      .withRequest('POST', '/api/lessons/generate-image', (request) => request.headers(JSON_CONTENT).jsonBody(lessonImageBodyOf(lesson, ['Microsoft Excel', 'Pivot Tables'])))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ imageUrl: regex('^/api/lesson-illustrations/[0-9a-f]{64}\\.png$', `/api/lesson-illustrations/${KEY}.png`) }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(illustrationsApi.endpoints.generateLessonImage.initiate(lessonImageBodyOf(lesson, ['Microsoft Excel', 'Pivot Tables']))).unwrap();
        expect(reply.imageUrl).toMatch(/^\/api\/lesson-illustrations\/[0-9a-f]{64}\.png$/);
      }));

  it('POST /api/lessons/generate-image answers 400 with a message for a lesson without text', () =>
    pact
      .addInteraction()
      .given(LEARNER)
      .uponReceiving('a request to illustrate a lesson whose text looks blank')
      .withRequest('POST', '/api/lessons/generate-image', (request) => request.headers(JSON_CONTENT).jsonBody({ ...lessonImageBodyOf(lesson, ['Microsoft Excel', 'Pivot Tables']), content: ' \u200b ' }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: regex(`^[\\s\\S]*${LESSON_ILLUSTRATION_MESSAGES.contentBlank}[\\s\\S]*$`, `content: ${LESSON_ILLUSTRATION_MESSAGES.contentBlank}`) }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(illustrationsApi.endpoints.generateLessonImage.initiate({ ...lessonImageBodyOf(lesson, ['Microsoft Excel', 'Pivot Tables']), content: ' \u200b ' }));
        expect(result.error).toMatchObject({ status: 400 });
      }));

  it('POST /api/lessons/generate-image answers 403 with the reason while an admin has illustrations off', () =>
    pact
      .addInteraction()
      .given(LEARNER)
      .given(ILLUSTRATIONS_OFF)
      .uponReceiving('a request to illustrate a lesson while illustrations are turned off')
      .withRequest('POST', '/api/lessons/generate-image', (request) => request.headers(JSON_CONTENT).jsonBody(lessonImageBodyOf(lesson, ['Microsoft Excel', 'Pivot Tables'])))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: aiFeatureOffMessage('illustration') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(illustrationsApi.endpoints.generateLessonImage.initiate(lessonImageBodyOf(lesson, ['Microsoft Excel', 'Pivot Tables'])));
        expect(result.error).toMatchObject({ status: 403, serverMessage: aiFeatureOffMessage('illustration') });
      }));

  it('GET /api/lesson-illustrations/<key>.png answers the PNG (the <img> and the download read it)', () =>
    pact
      .addInteraction()
      .given(LEARNER)
      .given(ILLUSTRATION_STORED, { key: KEY })
      .uponReceiving('a request for a stored lesson illustration')
      .withRequest('GET', `/api/lesson-illustrations/${KEY}.png`)
      .willRespondWith(200, (response) => response.headers({ 'Content-Type': regex('^image/png(;.*)?$', 'image/png') }))
      .executeTest(async (mockServer) => {
        const reply = await fetch(`${mockServer.url}/api/lesson-illustrations/${KEY}.png`);
        expect(reply.headers.get('content-type')).toMatch(/^image\/png/);
      }));
});
