/** @jest-environment node */
// Consumer contract of the shell's home page with svc-gateway for learning-path generation, through
// the REAL RTK Query endpoint and base query, at Pact's mock server. Its own file (consumer
// masar-shell-home), so it never races the auth pact spec writing masar-shell-svc-gateway.json.
import { learningPathReplySchema } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { learningPathsApi } from './learning-paths.api';

const { like, regex, uuid, integer, number } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-shell-home-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const JOB_ID = '2c5a7f3e-5b1d-4e8a-9c0f-3d4b5a6c7e8f';

const HANDOFF = {
  jobDescriptionId: JOB_ID,
  jobTitle: 'Data Scientist',
  // The level the posting expects (or the reviewer set) travels with each skill: it is the gap's target.
  confirmedSkills: [{ name: 'Python', category: 'technical' as const, confidence: 0.9, importance: 'required' as const, level: 'strong' as const, evidence: [] }],
};

rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-shell-home', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-shell-home -> svc-gateway (learning paths)', () => {
  it('POST /api/learning-paths/generate plans a path from the confirmed skills', () =>
    pact
      .addInteraction()
      .given('a learner is signed in')
      .uponReceiving('a learning path generated from one confirmed skill')
      .withRequest('POST', '/api/learning-paths/generate', (request) => request.jsonBody({ ...HANDOFF, weeklyHours: 3 }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          learningPath: {
            id: uuid('a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'),
            userId: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
            jobDescriptionId: JOB_ID,
            jobTitle: 'Data Scientist',
            weeklyHours: 3,
            startDate: regex('^\\d{4}-\\d{2}-\\d{2}$', '2026-11-23'),
            gaps: like([]),
            courses: like([]),
            milestones: like([]),
            uncoveredSkills: like(['Python']),
            totalHours: number(0),
            monthsNeeded: integer(0),
            fit: {
              choice: like('fits'),
              allCoursesHours: number(0),
              weeklyHoursToFitAll: number(1),
              proposedWeeklyHours: null,
              proposalLimit: number(6),
              ramadanLoadFactor: number(0.5),
              holyPeriods: like([]),
            },
            nextYear: { skills: like([]), courses: like([]), totalHours: number(0), monthsAtBudget: integer(0) },
            createdAt: regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
            updatedAt: regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(learningPathsApi.endpoints.generateLearningPath.initiate(HANDOFF));
        expect('error' in result ? result.error : undefined).toBeUndefined();
        expect(learningPathReplySchema.parse('data' in result ? result.data : null).learningPath.jobTitle).toBe('Data Scientist');
      }));

  it('POST /api/learning-paths/generate refuses no skills with 400', () =>
    pact
      .addInteraction()
      .given('a learner is signed in')
      .uponReceiving('a learning path asked for without skills')
      .withRequest('POST', '/api/learning-paths/generate', (request) =>
        request.jsonBody({ jobDescriptionId: JOB_ID, jobTitle: 'Data Scientist', confirmedSkills: [] }),
      )
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'confirmedSkills: Please select at least one skill' }),
      )
      .executeTest(async (mockServer) => {
        // The endpoint checks the body before it leaves; the gateway must refuse it all the same.
        const response = await fetch(`${mockServer.url}/api/learning-paths/generate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ jobDescriptionId: JOB_ID, jobTitle: 'Data Scientist', confirmedSkills: [] }),
        });
        expect(response.status).toBe(400);
      }));
});
