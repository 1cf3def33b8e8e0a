/** @jest-environment node */
// Consumer contract of mf-agents' AI governance screens with svc-gateway: every governance call the
// remote makes, through the REAL RTK Query endpoints and base query, pointed at Pact's mock server.
// Only the gateway provider states of the shared design are used (plus the sign-in states).
import {
  aiBudgetsSchema,
  aiCallPageSchema,
  aiFeatureSettingsListSchema,
  aiFeatureSettingsSchema,
  aiNoticeSchema,
  DEFAULT_AI_NOTICE,
} from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import path from 'node:path';
import { governanceApi } from './governance.api';

const { boolean, eachLike, integer, like, regex, uuid } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const FEATURE = '^(skill-extraction|lesson-writing|image-description|quality-review|search-answer|learning-helpers|narration|illustration|exercise-feedback|arabic-vowel-marks)$';
const PROVIDER = '^(offline|openai)$';

const ADMIN_SIGNED_IN = 'an admin is signed in';
const LOGGED_CALLS = 'AI governance has logged calls';
const DEFAULT_SETTINGS = 'AI governance has its default settings';
const LESSON_WRITING_OFF = 'lesson writing is turned off';

function callLike(overrides: Record<string, unknown> = {}) {
  return {
    id: uuid('0c8f2a4e-6b1d-4e3f-9a5c-7d2b8e1f4a6c'),
    at: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
    userId: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
    userRole: regex('^(learner|admin)$', 'learner'),
    feature: regex(FEATURE, 'lesson-writing'),
    provider: regex(PROVIDER, 'openai'),
    model: like('gpt-4o-mini'),
    promptTemplate: like('lesson-composition'),
    promptVersion: integer(1),
    inputTokens: integer(1200),
    outputTokens: integer(800),
    inputCharacters: integer(5200),
    outputCharacters: integer(3100),
    latencyMs: integer(2400),
    outcome: regex('^(succeeded|failed|refused)$', 'succeeded'),
    statusCode: null,
    error: null,
    requestId: like('7e6d5c4b-3a2f-4e1d-8c9b-0a1f2e3d4c5b'),
    userName: like('Demo Learner'),
    userEmail: like('demo@masar.test'),
    ...overrides,
  };
}

/** A skill-extraction call refused because the feature is off: no model, no template, no tokens. */
function refusedCallLike() {
  return callLike({
    feature: 'skill-extraction',
    provider: regex(PROVIDER, 'offline'),
    model: like('built-in'),
    promptTemplate: null,
    promptVersion: null,
    inputTokens: integer(0),
    outputTokens: integer(0),
    outcome: 'refused',
    statusCode: integer(403),
    error: like('Skill extraction with AI is turned off by your administrator'),
  });
}

function featureLike(overrides: Record<string, unknown> = {}) {
  return {
    feature: regex(FEATURE, 'skill-extraction'),
    enabled: boolean(true),
    provider: regex(PROVIDER, 'offline'),
    model: null,
    effectiveModel: like('built-in'),
    updatedBy: null,
    updatedAt: null,
    ...overrides,
  };
}

const pact = new PactV4({ consumer: 'masar-mf-agents', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-mf-agents -> svc-gateway (AI governance)', () => {
  it('GET /api/ai-governance/calls gives a page of the log with the names and the totals of the filters', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(LOGGED_CALLS)
      .uponReceiving('a page of the AI call log')
      .withRequest('GET', '/api/ai-governance/calls', (request) => request.query({ page: '1', pageSize: '20' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          // The state's two calls, newest first: a succeeded lesson-writing call, then a refused one.
          items: [callLike(), refusedCallLike()],
          total: integer(2),
          page: 1,
          pageSize: 20,
          totals: { calls: integer(2), inputTokens: integer(1200), outputTokens: integer(800), failed: integer(0), refused: integer(1) },
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.listAiCalls.initiate({ page: 1 }));
        expect(aiCallPageSchema.parse(result.data).items.length).toBeGreaterThan(0);
      }));

  it('GET /api/ai-governance/calls filters by feature and outcome', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(LOGGED_CALLS)
      .uponReceiving('the refused skill extraction calls of the log')
      .withRequest('GET', '/api/ai-governance/calls', (request) =>
        request.query({ feature: 'skill-extraction', outcome: 'refused', page: '1', pageSize: '20' }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike(refusedCallLike()),
          total: integer(1),
          page: 1,
          pageSize: 20,
          totals: { calls: integer(1), inputTokens: integer(0), outputTokens: integer(0), failed: integer(0), refused: integer(1) },
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.listAiCalls.initiate({ feature: 'skill-extraction', outcome: 'refused', page: 1 }),
        );
        expect(aiCallPageSchema.parse(result.data).items.every((call) => call.outcome === 'refused')).toBe(true);
      }));

  it('GET /api/ai-governance/calls answers 400 naming the field for an end date before the start date', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .uponReceiving('the AI call log with the dates reversed')
      .withRequest('GET', '/api/ai-governance/calls', (request) => request.query({ from: '2026-11-20', to: '2026-11-02', page: '1', pageSize: '20' }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: regex('^to: The end date is before the start date$', 'to: The end date is before the start date') }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.listAiCalls.initiate({ from: '2026-11-20', to: '2026-11-02', page: 1 }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'to: The end date is before the start date' });
      }));

  it('GET /api/ai-governance/calls is refused to a learner (403)', () =>
    pact
      .addInteraction()
      .given('a learner is signed in')
      .uponReceiving('the AI call log, asked by a learner')
      .withRequest('GET', '/api/ai-governance/calls', (request) => request.query({ page: '1', pageSize: '20' }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: like('You do not have permission to do this') }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.listAiCalls.initiate({ page: 1 }));
        expect(result.error).toMatchObject({ status: 403 });
      }));

  it('GET /api/ai-governance/calls.csv downloads the filtered log as a dated CSV attachment', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(LOGGED_CALLS)
      // The contract pins the request and that a dated CSV file comes back; its rows (BOM, quoting,
      // formula injection) are the gateway's own tests'. A body here would only be matched by type.
      .uponReceiving('the AI call log as CSV, filtered by feature')
      .withRequest('GET', '/api/ai-governance/calls.csv', (request) => request.query({ feature: 'lesson-writing' }).headers({ Accept: 'text/csv' }))
      .willRespondWith(200, (response) =>
        response.headers({
          'Content-Type': regex('^text/csv; ?charset=utf-8$', 'text/csv; charset=utf-8'),
          'Content-Disposition': regex('^attachment; filename="masar-ai-calls-\\d{4}-\\d{2}-\\d{2}\\.csv"$', 'attachment; filename="masar-ai-calls-2026-11-25.csv"'),
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.exportAiCalls.initiate({ feature: 'lesson-writing' }));
        expect(result.data?.fileName).toBe('masar-ai-calls-2026-11-25.csv');
      }));

  it('GET /api/ai-governance/calls.csv answers 400 naming the field for a date that is not one', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .uponReceiving('the AI call log as CSV from a date that is not a date')
      .withRequest('GET', '/api/ai-governance/calls.csv', (request) => request.query({ from: '25/11/2026' }).headers({ Accept: 'text/csv' }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'from: Give a date as YYYY-MM-DD' }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.exportAiCalls.initiate({ from: '25/11/2026' }));
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'from: Give a date as YYYY-MM-DD' });
      }));

  it('GET /api/ai-governance/features lists every feature with the provider and model it uses', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(DEFAULT_SETTINGS)
      .uponReceiving('the AI features and their settings')
      .withRequest('GET', '/api/ai-governance/features')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ items: eachLike(featureLike(), 3), openaiConfigured: false, defaultModel: like('gpt-4o-mini') }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.listAiFeatures.initiate());
        expect(aiFeatureSettingsListSchema.parse(result.data).items).toHaveLength(3);
      }));

  it('PUT /api/ai-governance/features/:feature turns a feature off', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(DEFAULT_SETTINGS)
      .uponReceiving('turning lesson writing off')
      .withRequest('PUT', '/api/ai-governance/features/lesson-writing', (request) => request.jsonBody({ enabled: false, provider: 'offline', model: null }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          featureLike({
            feature: 'lesson-writing',
            enabled: false,
            provider: 'offline',
            updatedBy: uuid('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
            updatedAt: regex(ISO_TIMESTAMP, '2026-11-25T09:00:00.000Z'),
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.updateAiFeature.initiate({ feature: 'lesson-writing', enabled: false, provider: 'offline', model: null }),
        );
        expect(aiFeatureSettingsSchema.parse(result.data)).toMatchObject({ feature: 'lesson-writing', enabled: false });
      }));

  it('PUT /api/ai-governance/features/:feature answers 400 when OpenAI is chosen but not configured', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(DEFAULT_SETTINGS)
      .uponReceiving('choosing OpenAI for skill extraction while none is configured')
      .withRequest('PUT', '/api/ai-governance/features/skill-extraction', (request) => request.jsonBody({ enabled: true, provider: 'openai', model: null }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'No OpenAI-compatible model is configured: set OPENAI_API_KEY for svc-ai' }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.updateAiFeature.initiate({ feature: 'skill-extraction', enabled: true, provider: 'openai', model: null }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'No OpenAI-compatible model is configured: set OPENAI_API_KEY for svc-ai' });
      }));

  it('PUT /api/ai-governance/features/:feature answers 404 for a name that is not an AI feature', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .uponReceiving('settings for a feature that does not exist')
      .withRequest('PUT', '/api/ai-governance/features/mind-reading', (request) => request.jsonBody({ enabled: true, provider: 'offline', model: null }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'Unknown AI feature' }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          // The screen offers only the three features; the contract still pins what another name gets.
          governanceApi.endpoints.updateAiFeature.initiate({ feature: 'mind-reading' as 'lesson-writing', enabled: true, provider: 'offline', model: null }),
        );
        expect(result.error).toMatchObject({ status: 404, serverMessage: 'Unknown AI feature' });
      }));

  it('GET /api/ai-governance/features shows lesson writing off once an admin turned it off', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(LESSON_WRITING_OFF)
      .uponReceiving('the AI features with lesson writing turned off')
      .withRequest('GET', '/api/ai-governance/features')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: [
            featureLike({ feature: 'skill-extraction' }),
            featureLike({
              feature: 'lesson-writing',
              enabled: false,
              updatedBy: uuid('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
              updatedAt: regex(ISO_TIMESTAMP, '2026-11-25T09:00:00.000Z'),
            }),
            featureLike({ feature: 'image-description' }),
            featureLike({ feature: 'quality-review' }),
            featureLike({ feature: 'search-answer' }),
            featureLike({ feature: 'learning-helpers' }),
            featureLike({ feature: 'narration' }),
            featureLike({ feature: 'illustration' }),
            featureLike({ feature: 'exercise-feedback' }),
            featureLike({ feature: 'arabic-vowel-marks' }),
          ],
          openaiConfigured: boolean(false),
          defaultModel: like('gpt-4o-mini'),
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.listAiFeatures.initiate());
        expect(aiFeatureSettingsListSchema.parse(result.data).items.find((item) => item.feature === 'lesson-writing')?.enabled).toBe(false);
      }));

  it('GET /api/ai-governance/budgets gives the budgets, this month’s use per person and the reset date', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(LOGGED_CALLS)
      .uponReceiving('the AI budgets and this month’s use')
      .withRequest('GET', '/api/ai-governance/budgets')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          defaultMonthlyTokens: null,
          overrides: [],
          usage: eachLike({
            userId: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
            usedTokens: integer(2000),
            calls: integer(2),
            monthlyTokens: null,
            userName: like('Demo Learner'),
            userEmail: like('demo@masar.test'),
          }),
          resetsAt: regex(ISO_TIMESTAMP, '2026-12-01T00:00:00.000Z'),
          updatedAt: null,
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.getAiBudgets.initiate());
        expect(aiBudgetsSchema.parse(result.data).usage.length).toBeGreaterThan(0);
      }));

  it('PUT /api/ai-governance/budgets sets the default monthly budget', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(DEFAULT_SETTINGS)
      .uponReceiving('a default monthly budget of 100,000 tokens')
      .withRequest('PUT', '/api/ai-governance/budgets', (request) => request.jsonBody({ defaultMonthlyTokens: 100000, overrides: [] }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          defaultMonthlyTokens: 100000,
          overrides: [],
          usage: [],
          resetsAt: regex(ISO_TIMESTAMP, '2026-12-01T00:00:00.000Z'),
          updatedAt: regex(ISO_TIMESTAMP, '2026-11-25T09:00:00.000Z'),
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.updateAiBudgets.initiate({ defaultMonthlyTokens: 100000, overrides: [] }),
        );
        expect(aiBudgetsSchema.parse(result.data).defaultMonthlyTokens).toBe(100000);
      }));

  it('PUT /api/ai-governance/budgets answers 400 naming the field for a negative budget', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .uponReceiving('a negative default monthly budget')
      .withRequest('PUT', '/api/ai-governance/budgets', (request) => request.jsonBody({ defaultMonthlyTokens: -5, overrides: [] }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'defaultMonthlyTokens: A budget cannot be negative' }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.updateAiBudgets.initiate({ defaultMonthlyTokens: -5, overrides: [] }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'defaultMonthlyTokens: A budget cannot be negative' });
      }));

  it('PUT /api/ai-governance/notice publishes the next version of the AI-use notice', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .given(DEFAULT_SETTINGS)
      .uponReceiving('publishing the AI-use notice')
      .withRequest('PUT', '/api/ai-governance/notice', (request) => request.jsonBody({ textEn: DEFAULT_AI_NOTICE.textEn, textAr: DEFAULT_AI_NOTICE.textAr }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          version: 1,
          textEn: DEFAULT_AI_NOTICE.textEn,
          textAr: DEFAULT_AI_NOTICE.textAr,
          updatedBy: uuid('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
          updatedAt: regex(ISO_TIMESTAMP, '2026-11-25T09:00:00.000Z'),
          acceptances: 0,
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.publishAiNotice.initiate({ textEn: DEFAULT_AI_NOTICE.textEn, textAr: DEFAULT_AI_NOTICE.textAr }),
        );
        expect(aiNoticeSchema.parse(result.data)).toMatchObject({ version: 1, acceptances: 0 });
      }));

  it('PUT /api/ai-governance/notice answers 400 for a notice blank to the eye', () =>
    pact
      .addInteraction()
      .given(ADMIN_SIGNED_IN)
      .uponReceiving('an AI-use notice whose Arabic text is only invisible characters')
      .withRequest('PUT', '/api/ai-governance/notice', (request) => request.jsonBody({ textEn: DEFAULT_AI_NOTICE.textEn, textAr: ' \u200B\u200F ' }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'textAr: Give the notice in Arabic' }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          governanceApi.endpoints.publishAiNotice.initiate({ textEn: DEFAULT_AI_NOTICE.textEn, textAr: ' \u200B\u200F ' }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'textAr: Give the notice in Arabic' });
      }));

  it('GET /api/admin/users finds the people a budget or a filter is about', () =>
    pact
      .addInteraction()
      // First: it ends any session, which the admin's sign-in then starts.
      .given('the demo learner exists')
      .given(ADMIN_SIGNED_IN)
      .uponReceiving('people found by name for the AI governance screens')
      .withRequest('GET', '/api/admin/users', (request) => request.query({ search: 'demo', pageSize: '20' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            id: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
            username: like('demo'),
            role: regex('^(admin|learner)$', 'learner'),
            firstName: like('Demo'),
            lastName: like('Learner'),
            email: like('demo@masar.test'),
            preferredLanguage: regex('^(en|ar)$', 'en'),
            createdAt: regex(ISO_TIMESTAMP, '2026-01-15T09:30:00.000Z'),
            active: boolean(true),
            mustChangePassword: boolean(false),
          }),
          total: integer(1),
          page: 1,
          pageSize: 20,
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(governanceApi.endpoints.searchPeople.initiate('demo'));
        expect(result.data?.items[0]?.username).toBe('demo');
      }));
});
