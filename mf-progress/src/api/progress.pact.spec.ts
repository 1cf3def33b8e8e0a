/** @jest-environment node */
// Consumer contract of mf-progress with svc-gateway: the progress, skills, learning-path and dashboard
// calls the remote makes, through the REAL RTK Query endpoints and base query, at Pact's mock server.
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { dashboardApi } from '../features/dashboard/dashboard.api';
import { learningPathsApi } from '../features/learning-paths/learning-paths.api';
import { progressApi } from '../features/progress/progress.api';

const { like, regex, integer, number } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-progress-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const MISSING_PATH_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

const LEARNER = { name: 'a learner is signed in' };
const ADMIN = { name: 'an admin is signed in' };

rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-mf-progress', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-mf-progress -> svc-gateway', () => {
  it("GET /api/progress answers the signed-in learner's overview", () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .uponReceiving("a request for the signed-in learner's progress")
      .withRequest('GET', '/api/progress')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          progress: {
            overallPercent: integer(0),
            completedCount: integer(0),
            inProgressCount: integer(0),
            pendingCount: integer(0),
            hoursSpent: number(0),
            courses: [],
            skillsAcquired: [],
            upcomingDeadlines: [],
            achievements: [],
            learningPath: null,
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(progressApi.endpoints.getProgressOverview.initiate(undefined, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data).toMatchObject({ overallPercent: 0, courses: [] });
      }));

  it('PUT /api/learner-skills saves a self-assessment and answers the profile', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .uponReceiving('a self-assessment of one skill')
      .withRequest('PUT', '/api/learner-skills', (request) =>
        request.jsonBody({ skills: [{ skill: 'SQL', level: 'working' }] }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          skills: [{ skill: 'SQL', level: 'working', source: 'self-assessment', updatedAt: regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z') }],
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          progressApi.endpoints.saveSelfAssessment.initiate({ skills: [{ skill: 'SQL', level: 'working' }] }),
        );
        expect('error' in result ? result.error : undefined).toBeUndefined();
        expect('data' in result ? result.data?.skills[0] : undefined).toMatchObject({ skill: 'SQL', level: 'working' });
      }));

  it('PUT /api/learner-skills refuses a skill listed twice with 400 naming it', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .uponReceiving('a self-assessment listing one skill twice')
      .withRequest('PUT', '/api/learner-skills', (request) =>
        request.jsonBody({ skills: [{ skill: 'SQL', level: 'basic' }, { skill: 'sql', level: 'strong' }] }),
      )
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'skills: Each skill can be listed only once: sql' }),
      )
      .executeTest(async (mockServer) => {
        const response = await fetch(`${mockServer.url}/api/learner-skills`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ skills: [{ skill: 'SQL', level: 'basic' }, { skill: 'sql', level: 'strong' }] }),
        });
        expect(response.status).toBe(400);
      }));

  it("GET /api/learning-paths answers the learner's paths, newest first", () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .uponReceiving("a request for the signed-in learner's learning paths")
      .withRequest('GET', '/api/learning-paths')
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ items: like([]) }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(learningPathsApi.endpoints.listLearningPaths.initiate(undefined, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(Array.isArray(result.data)).toBe(true);
      }));

  it('GET /api/learning-paths/:id answers 404 for a path that is not the learner’s', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .uponReceiving('a request for a learning path that does not exist')
      .withRequest('GET', `/api/learning-paths/${MISSING_PATH_ID}`)
      .willRespondWith(404, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'Learning path not found' }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(learningPathsApi.endpoints.getLearningPath.initiate(MISSING_PATH_ID, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 404 });
      }));

  it('PATCH /api/learning-paths/:id sends the decision on the proposal, and answers 404 for a path that is not the learner’s', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .uponReceiving('a decision to accept the proposed weekly hours of a learning path that does not exist')
      .withRequest('PATCH', `/api/learning-paths/${MISSING_PATH_ID}`, (request) =>
        request.headers({ 'Content-Type': 'application/json' }).jsonBody({ decision: 'accept-proposal' }),
      )
      .willRespondWith(404, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'Learning path not found' }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          learningPathsApi.endpoints.updateLearningPath.initiate({ id: MISSING_PATH_ID, changes: { decision: 'accept-proposal' } }),
        );
        expect(result.error).toMatchObject({ status: 404 });
      }));

  it("GET /api/admin/stats answers an admin the dashboard's figures", () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .uponReceiving('a request for the admin stats')
      .withRequest('GET', '/api/admin/stats')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          activeLearningPaths: integer(0),
          skillsMapped: integer(0),
          availableCourses: integer(0),
          completionRate: integer(0),
          recentLearningPaths: like([]),
          systemActivity: like([]),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(dashboardApi.endpoints.getAdminStats.initiate(undefined, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data).toMatchObject({ activeLearningPaths: 0 });
      }));

  it('GET /api/admin/stats refuses a learner with 403', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .uponReceiving('a request for the admin stats by a learner')
      .withRequest('GET', '/api/admin/stats')
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: like('Forbidden') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(dashboardApi.endpoints.getAdminStats.initiate(undefined, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 403 });
      }));
});


