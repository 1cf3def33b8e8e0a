import {
  AI_GOVERNANCE_SUBJECTS,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_OUTDATED_MESSAGE,
  AI_SUBJECTS,
  aiAdmissionSchema,
  aiBudgetExceededMessage,
  aiBudgetsSchema,
  aiCallPageSchema,
  aiFeatureOffMessage,
  aiFeatureSettingsListSchema,
  aiFeatureSettingsSchema,
  aiNoticeSchema,
  aiProviderNotConfiguredMessage,
  aiUseStatusSchema,
  Caller,
  composeLessonsReplySchema,
  DEFAULT_AI_NOTICE,
  extractSkillsReplySchema,
  FACT_CHECK_OFFLINE_MESSAGE,
  nextBudgetReset,
} from '@masar/contracts';
import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bootstrap } from '../src/main';
import { NO_NOTICE_PUBLISHED_MESSAGE, OPENAI_NOT_CONFIGURED_MESSAGE, UNKNOWN_AI_FEATURE_MESSAGE } from '../src/governance/governance.service';
import { aiCallRow, insertAiCalls } from './support/ai-call.factory';
import { composeRequest, plannedLesson } from './support/compose-request.factory';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const POSTING = 'Requirements: Python and PostgreSQL.';

/**
 * AI governance against the real svc-ai (offline provider), its Postgres schema and NATS: the call log,
 * the refusals in their order, the AI-use notice, budgets, and what non-admins and bad payloads get.
 */
describe('svc-ai AI governance (real Postgres and NATS, offline provider)', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createFreshDatabase('ai_governance');
    app = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', AI_PROVIDER: 'offline' });
    nats = await connectToNatsAs('gateway');
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await nats?.drain();
    await app?.close();
    await database?.drop();
  });

  /** Every test starts from the defaults: all features on, no budgets, no notice, an empty log. */
  beforeEach(async () => {
    await dataSource.query(
      'TRUNCATE ai.ai_calls, ai.ai_feature_settings, ai.ai_budget_settings, ai.ai_budget_overrides, ai.ai_notices, ai.ai_notice_acceptances',
    );
  });

  const send = (subject: string, data: unknown, caller?: Caller, requestId?: string): Promise<NestReply> =>
    requestOverNats(nats, subject, data, requestId, caller);

  async function calls(query: Record<string, unknown> = {}) {
    const reply = await send(AI_GOVERNANCE_SUBJECTS.LIST_CALLS, query, ADMIN);
    expect(reply.err).toBeUndefined();
    return aiCallPageSchema.parse(reply.response);
  }

  async function setFeature(feature: string, enabled: boolean) {
    const reply = await send(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature, enabled, provider: 'offline', model: null }, ADMIN);
    return aiFeatureSettingsSchema.parse(reply.response);
  }

  async function publishNotice(textEn = DEFAULT_AI_NOTICE.textEn, textAr = DEFAULT_AI_NOTICE.textAr) {
    return aiNoticeSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE, { textEn, textAr }, ADMIN)).response);
  }

  describe('the call log', () => {
    it('writes one row per AI request: who, feature, provider, model, characters, latency, outcome and request id', async () => {
      const extracted = extractSkillsReplySchema.parse((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER, 'gov-extract')).response);
      const composed = composeLessonsReplySchema.parse((await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]), undefined, 'gov-compose')).response);
      expect(composed.model).toBe('built-in');

      const page = await calls();
      expect(page.total).toBe(2);
      const [compose, extract] = page.items;
      expect(extract).toMatchObject({
        userId: LEARNER.id,
        userRole: 'learner',
        feature: 'skill-extraction',
        provider: 'offline',
        model: 'built-in',
        promptTemplate: null,
        promptVersion: null,
        inputTokens: 0,
        outputTokens: 0,
        inputCharacters: POSTING.length,
        outputCharacters: extracted.skills.map((skill) => skill.name).join('').length,
        outcome: 'succeeded',
        statusCode: null,
        error: null,
        requestId: 'gov-extract',
      });
      expect(extract.latencyMs).toBeGreaterThanOrEqual(0);
      // Masar's own work (no caller header): nobody's call, nobody's budget.
      expect(compose).toMatchObject({ userId: null, userRole: null, feature: 'lesson-writing', outcome: 'succeeded', requestId: 'gov-compose' });
      expect(compose.outputCharacters).toBe(
        composed.lessons.flatMap((lesson) => [lesson.content, ...lesson.keyPoints, ...lesson.activities]).join('').length,
      );
    });

    it('logs a failed call with its status and message (an image offline)', async () => {
      const png = { image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', mediaType: 'image/png', title: 'Safety' };
      expect((await send(AI_SUBJECTS.DESCRIBE_IMAGE, png, LEARNER)).err).toMatchObject({ statusCode: 501 });
      const [call] = (await calls()).items;
      expect(call).toMatchObject({ feature: 'image-description', outcome: 'failed', statusCode: 501, inputCharacters: 6, outputCharacters: 0 });
      expect(call.error).toMatch(/./);
    });

    it('answers a fact-check offline with 501 saying a language model is needed, logged as a failed quality-review call', async () => {
      const request = { course: { title: 'Safety' }, lessons: [{ key: 'l1', title: 'Lifting', content: 'Bend your knees.' }] };
      expect((await send(AI_SUBJECTS.FACT_CHECK_LESSONS, request, ADMIN)).err).toEqual({ statusCode: 501, message: FACT_CHECK_OFFLINE_MESSAGE });
      const [call] = (await calls()).items;
      expect(call).toMatchObject({
        userId: ADMIN.id,
        feature: 'quality-review',
        provider: 'offline',
        model: 'built-in',
        outcome: 'failed',
        statusCode: 501,
        error: FACT_CHECK_OFFLINE_MESSAGE,
        inputCharacters: 'SafetyLiftingBend your knees.'.length,
      });
      await setFeature('quality-review', false);
      expect((await send(AI_SUBJECTS.FACT_CHECK_LESSONS, request, ADMIN)).err).toEqual({ statusCode: 403, message: aiFeatureOffMessage('quality-review') });
    });

    it('filters by dates (whole UTC days, both ends included), feature, provider, outcome, person and model; newest first, paged, totals over every match', async () => {
      const someone = randomUUID();
      await insertAiCalls(dataSource, [
        aiCallRow({ at: new Date('2025-02-28T23:59:59.999Z'), userId: someone, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 1000 }),
        aiCallRow({ at: new Date('2025-03-01T00:00:00.000Z'), userId: someone, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 10, outputTokens: 5 }),
        aiCallRow({ at: new Date('2025-03-10T12:00:00.000Z'), userId: someone, feature: 'lesson-writing', provider: 'openai', model: 'gpt-4.1', inputTokens: 20, outputTokens: 7 }),
        aiCallRow({ at: new Date('2025-03-15T08:00:00.000Z'), outcome: 'refused', statusCode: 403, error: 'off' }),
        aiCallRow({ at: new Date('2025-03-20T08:00:00.000Z'), userId: someone, outcome: 'failed', statusCode: 503, error: 'down', provider: 'openai', model: 'gpt-4o-mini', inputTokens: 3 }),
        aiCallRow({ at: new Date('2025-03-31T23:59:59.999Z'), userId: someone, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 1, outputTokens: 1 }),
        aiCallRow({ at: new Date('2025-04-01T00:00:00.000Z'), userId: someone, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 1000 }),
      ]);
      const march = { from: '2025-03-01', to: '2025-03-31' };

      const all = await calls(march);
      expect(all.items.map((call) => call.at)).toEqual([
        '2025-03-31T23:59:59.999Z',
        '2025-03-20T08:00:00.000Z',
        '2025-03-15T08:00:00.000Z',
        '2025-03-10T12:00:00.000Z',
        '2025-03-01T00:00:00.000Z',
      ]);
      expect(all.totals).toEqual({ calls: 5, inputTokens: 34, outputTokens: 13, failed: 1, refused: 1 });

      const second = await calls({ ...march, page: '2', pageSize: '2' });
      expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2, totals: all.totals });
      expect(second.items.map((call) => call.at)).toEqual(['2025-03-15T08:00:00.000Z', '2025-03-10T12:00:00.000Z']);

      expect((await calls({ ...march, feature: 'lesson-writing' })).totals).toMatchObject({ calls: 1, inputTokens: 20 });
      expect((await calls({ ...march, provider: 'offline' })).total).toBe(1);
      expect((await calls({ ...march, outcome: 'failed' })).items.map((call) => call.error)).toEqual(['down']);
      expect((await calls({ ...march, userId: someone })).total).toBe(4);
      expect((await calls({ ...march, model: 'gpt-4o-mini' })).totals).toMatchObject({ calls: 3, inputTokens: 14 });
      expect((await calls({ from: '2025-03-31', to: '2025-03-31' })).total).toBe(1);
      // Empty filters (an HTML form's) mean no filter.
      expect((await calls({ ...march, feature: '', model: '', userId: '' })).total).toBe(5);
    });
  });

  describe('refusals, in their order, each logged', () => {
    it('answers 403 for a feature turned off, logged as refused, and works again once it is on', async () => {
      await setFeature('lesson-writing', false);
      const refused = await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]), LEARNER);
      expect(refused.err).toEqual({ statusCode: 403, message: aiFeatureOffMessage('lesson-writing') });
      // Off for Masar's own work too: the admin turned the feature off, not a person's use of it.
      expect((await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]))).err).toMatchObject({ statusCode: 403 });
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toBeUndefined();
      const refusedCalls = await calls({ outcome: 'refused' });
      expect(refusedCalls.items).toEqual([
        expect.objectContaining({ feature: 'lesson-writing', userId: null, statusCode: 403 }),
        expect.objectContaining({ feature: 'lesson-writing', userId: LEARNER.id, statusCode: 403, error: aiFeatureOffMessage('lesson-writing'), model: 'built-in' }),
      ]);

      await setFeature('lesson-writing', true);
      expect((await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]), LEARNER)).err).toBeUndefined();
    });

    it('asks a learner to accept a published notice (428), never an admin; accepting lets them in; a new version asks again', async () => {
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toBeUndefined();
      const first = await publishNotice();
      expect(first).toMatchObject({ version: 1, textEn: DEFAULT_AI_NOTICE.textEn, textAr: DEFAULT_AI_NOTICE.textAr, updatedBy: ADMIN.id, acceptances: 0 });

      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toEqual({ statusCode: 428, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE });
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, ADMIN)).err).toBeUndefined();
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING })).err).toBeUndefined();
      expect((await calls({ outcome: 'refused' })).items).toEqual([expect.objectContaining({ userId: LEARNER.id, statusCode: 428 })]);

      const before = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}, LEARNER)).response);
      expect(before).toMatchObject({ notice: { version: 1 }, noticeRequired: true, acceptedVersion: null, acceptedAt: null });
      expect(before.notice?.acceptances).toBeUndefined();
      const adminStatus = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}, ADMIN)).response);
      expect(adminStatus).toMatchObject({ noticeRequired: false, notice: { version: 1, acceptances: 0 } });

      const accepted = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 1 }, LEARNER)).response);
      expect(accepted).toMatchObject({ noticeRequired: false, acceptedVersion: 1 });
      expect(Date.parse(accepted.acceptedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toBeUndefined();
      // Accepting again keeps the first time.
      const again = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 1 }, LEARNER)).response);
      expect(again.acceptedAt).toBe(accepted.acceptedAt);

      expect((await publishNotice('Version two.', 'الإصدار الثاني.')).version).toBe(2);
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toMatchObject({ statusCode: 428 });
      expect((await send(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 1 }, LEARNER)).err).toEqual({ statusCode: 409, message: AI_NOTICE_OUTDATED_MESSAGE });
      expect((await send(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 2 }, LEARNER)).err).toBeUndefined();
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toBeUndefined();
    });

    it('answers 404 to accepting when no notice is published, and asks nobody until one is', async () => {
      expect((await send(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 1 }, LEARNER)).err).toEqual({ statusCode: 404, message: NO_NOTICE_PUBLISHED_MESSAGE });
      const status = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}, LEARNER)).response);
      expect(status).toMatchObject({
        notice: null,
        noticeRequired: false,
        enabledFeatures: ['skill-extraction', 'lesson-writing', 'image-description', 'quality-review', 'search-answer', 'learning-helpers', 'narration', 'illustration', 'exercise-feedback', 'arabic-vowel-marks'],
        budget: { monthlyTokens: null, usedTokens: 0, resetsAt: nextBudgetReset(new Date()).toISOString() },
      });
    });

    it('checks the feature before the notice, and the notice before the budget', async () => {
      await publishNotice();
      await send(AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: 0, overrides: [] }, ADMIN);
      await setFeature('skill-extraction', false);
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toMatchObject({ statusCode: 403 });
      await setFeature('skill-extraction', true);
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toMatchObject({ statusCode: 428 });
      await send(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 1 }, LEARNER);
      // A budget of 0 tokens is used up before the first call.
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toEqual({
        statusCode: 429,
        message: aiBudgetExceededMessage(0, nextBudgetReset(new Date())),
      });
      expect((await calls({ outcome: 'refused' })).items.map((call) => call.statusCode)).toEqual([429, 428, 403]);
    });

    it('answers 503 for a feature left on OpenAI when no key is configured', async () => {
      await dataSource.query(`INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('skill-extraction', true, 'openai')`);
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER)).err).toEqual({
        statusCode: 503,
        message: aiProviderNotConfiguredMessage('skill-extraction'),
      });
      expect((await calls()).items).toEqual([expect.objectContaining({ outcome: 'refused', statusCode: 503, provider: 'openai' })]);
    });

    it('admits the gateway’s caller, or answers (and logs) the refusal the work would get', async () => {
      expect(aiAdmissionSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.ADMIT, { feature: 'lesson-writing' }, LEARNER)).response)).toEqual({
        feature: 'lesson-writing',
        admitted: true,
      });
      expect((await calls()).total).toBe(0);
      await setFeature('lesson-writing', false);
      expect((await send(AI_GOVERNANCE_SUBJECTS.ADMIT, { feature: 'lesson-writing' }, LEARNER, 'gov-admit')).err).toEqual({
        statusCode: 403,
        message: aiFeatureOffMessage('lesson-writing'),
      });
      expect((await calls()).items).toEqual([expect.objectContaining({ outcome: 'refused', userId: LEARNER.id, requestId: 'gov-admit' })]);
    });
  });

  describe('settings', () => {
    it('checks every call against the settings as they are now, though it keeps them between calls (changed here, by another instance or in SQL)', async () => {
      const extract = () => send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, LEARNER);
      expect((await extract()).err).toBeUndefined();
      expect((await extract()).err).toBeUndefined();

      // Another svc-ai instance, or an operator, switches the feature off: no message reaches this one.
      await dataSource.query(`INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('skill-extraction', false, 'offline')`);
      expect((await extract()).err).toEqual({ statusCode: 403, message: aiFeatureOffMessage('skill-extraction') });
      await dataSource.query(`UPDATE ai.ai_feature_settings SET enabled = true WHERE feature = 'skill-extraction'`);
      expect((await extract()).err).toBeUndefined();

      // A budget written in SQL, then the learner's own override removed: each holds from the next call.
      await insertAiCalls(dataSource, [aiCallRow({ userId: LEARNER.id, inputTokens: 50, outputTokens: 0 })]);
      await dataSource.query(`INSERT INTO ai.ai_budget_settings (id, default_monthly_tokens) VALUES (1, 1000)`);
      await dataSource.query(`INSERT INTO ai.ai_budget_overrides (user_id, monthly_tokens) VALUES ($1, 10)`, [LEARNER.id]);
      expect((await extract()).err).toEqual({ statusCode: 429, message: aiBudgetExceededMessage(10, nextBudgetReset(new Date())) });
      await dataSource.query(`DELETE FROM ai.ai_budget_overrides WHERE user_id = $1`, [LEARNER.id]);
      expect((await extract()).err).toBeUndefined();

      // A notice published, then accepted: the learner is asked, then admitted, at once.
      await publishNotice();
      expect((await extract()).err).toEqual({ statusCode: 428, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE });
      const status = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}, LEARNER)).response);
      expect((await send(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: status.notice?.version }, LEARNER)).err).toBeUndefined();
      expect((await extract()).err).toBeUndefined();
    });

    it('lists the features with their defaults, and saves a change with who and when', async () => {
      const list = aiFeatureSettingsListSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.LIST_FEATURES, {}, ADMIN)).response);
      expect(list).toEqual({
        openaiConfigured: false,
        defaultModel: 'gpt-4o-mini',
        items: ['skill-extraction', 'lesson-writing', 'image-description', 'quality-review', 'search-answer', 'learning-helpers', 'narration', 'illustration', 'exercise-feedback', 'arabic-vowel-marks'].map((feature) => ({
          feature,
          enabled: true,
          provider: 'offline',
          model: null,
          effectiveModel: 'built-in',
          updatedBy: null,
          updatedAt: null,
        })),
      });
      const saved = await setFeature('image-description', false);
      expect(saved).toMatchObject({ feature: 'image-description', enabled: false, updatedBy: ADMIN.id });
      const status = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}, LEARNER)).response);
      expect(status.enabledFeatures).toEqual(['skill-extraction', 'lesson-writing', 'quality-review', 'search-answer', 'learning-helpers', 'narration', 'illustration', 'exercise-feedback', 'arabic-vowel-marks']);
    });

    it('refuses OpenAI for a feature while none is configured (400), and a feature that does not exist (404)', async () => {
      const openai = await send(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'lesson-writing', enabled: true, provider: 'openai', model: null }, ADMIN);
      expect(openai.err).toEqual({ statusCode: 400, message: OPENAI_NOT_CONFIGURED_MESSAGE });
      const unknown = await send(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'poetry', enabled: true, provider: 'offline', model: null }, ADMIN);
      expect(unknown.err).toEqual({ statusCode: 404, message: UNKNOWN_AI_FEATURE_MESSAGE });
      expect(await dataSource.query('SELECT * FROM ai.ai_feature_settings')).toEqual([]);
    });

    it('reports this month’s use per person, most first, with the budget that applies; saves budgets as a whole', async () => {
      const heavy = randomUUID();
      const light = randomUUID();
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
      await insertAiCalls(dataSource, [
        aiCallRow({ userId: heavy, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 900, outputTokens: 100 }),
        aiCallRow({ userId: heavy, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 400, outputTokens: 100 }),
        aiCallRow({ userId: heavy, outcome: 'refused', statusCode: 429, error: 'over' }),
        aiCallRow({ userId: light, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 30, outputTokens: 20 }),
        aiCallRow({ userId: light, at: lastMonth, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 99_999 }),
        // Offline calls use no tokens: a person who made only those is not in the report.
        aiCallRow({ userId: randomUUID() }),
      ]);
      const saved = await send(AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: 10_000, overrides: [{ userId: heavy, monthlyTokens: 1200 }] }, ADMIN);
      expect(saved.err).toBeUndefined();
      const budgets = aiBudgetsSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.GET_BUDGETS, {}, ADMIN)).response);
      expect(budgets).toMatchObject({
        defaultMonthlyTokens: 10_000,
        overrides: [{ userId: heavy, monthlyTokens: 1200 }],
        usage: [
          { userId: heavy, usedTokens: 1500, calls: 2, monthlyTokens: 1200 },
          { userId: light, usedTokens: 50, calls: 1, monthlyTokens: 10_000 },
        ],
        resetsAt: nextBudgetReset(now).toISOString(),
      });
      expect(budgets.updatedAt).not.toBeNull();
      expect(aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}, { id: heavy, role: 'learner' })).response).budget).toMatchObject({
        monthlyTokens: 1200,
        usedTokens: 1500,
      });
      // The heavy user is over their own budget; the default would still let them in.
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, { id: heavy, role: 'learner' })).err).toEqual({
        statusCode: 429,
        message: aiBudgetExceededMessage(1200, nextBudgetReset(now)),
      });
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, { id: light, role: 'learner' })).err).toBeUndefined();

      const cleared = aiBudgetsSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: null, overrides: [] }, ADMIN)).response);
      expect(cleared).toMatchObject({ defaultMonthlyTokens: null, overrides: [] });
      expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, { id: heavy, role: 'learner' })).err).toBeUndefined();
    });
  });

  describe('who may ask, and with what', () => {
    const adminSubjects: [string, unknown][] = [
      [AI_GOVERNANCE_SUBJECTS.LIST_CALLS, {}],
      [AI_GOVERNANCE_SUBJECTS.LIST_FEATURES, {}],
      [AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'lesson-writing', enabled: false, provider: 'offline', model: null }],
      [AI_GOVERNANCE_SUBJECTS.GET_BUDGETS, {}],
      [AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: 0, overrides: [] }],
      [AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE, { textEn: 'Hijacked', textAr: 'مخترق' }],
    ];

    it.each(adminSubjects)('refuses a learner on %s (403), changing nothing', async (subject, data) => {
      expect((await send(subject, data, LEARNER)).err).toEqual({ statusCode: 403, message: ADMINS_ONLY_MESSAGE });
      for (const table of ['ai_feature_settings', 'ai_budget_settings', 'ai_notices']) {
        expect(await dataSource.query(`SELECT * FROM ai.${table}`)).toEqual([]);
      }
    });

    it('refuses a message naming nobody on every governance subject (401)', async () => {
      const personal: [string, unknown][] = [
        [AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}],
        [AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 1 }],
        [AI_GOVERNANCE_SUBJECTS.ADMIT, { feature: 'lesson-writing' }],
      ];
      for (const [subject, data] of [...adminSubjects, ...personal]) {
        expect((await send(subject, data)).err).toEqual({ statusCode: 401, message: 'The request does not say who is asking' });
      }
    });

    it.each([
      ['a date that does not exist', AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { from: '2025-13-01' }, 'from: Give a date as YYYY-MM-DD'],
      ['an end before the start', AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { from: '2025-03-02', to: '2025-03-01' }, 'to: The end date is before the start date'],
      ['a user id that is not one', AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { userId: 'someone' }, 'userId: Not a user id'],
      ['an unknown outcome', AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { outcome: 'maybe' }, expect.stringMatching(/^outcome: /)],
      ['a page of 500', AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { pageSize: '500' }, expect.stringMatching(/^pageSize: /)],
      ['enabled as text', AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'lesson-writing', enabled: 'yes', provider: 'offline', model: null }, expect.stringMatching(/^enabled: /)],
      ['a model name with a space', AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'lesson-writing', enabled: true, provider: 'offline', model: 'gpt 4' }, expect.stringMatching(/^model: A model name has letters/)],
      ['a negative budget', AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: -1, overrides: [] }, 'defaultMonthlyTokens: A budget cannot be negative'],
      ['a fraction of a token', AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: 1.5, overrides: [] }, 'defaultMonthlyTokens: Give a whole number of tokens'],
      ['a person twice', AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: null, overrides: [{ userId: ADMIN.id, monthlyTokens: 1 }, { userId: ADMIN.id, monthlyTokens: 2 }] }, 'overrides: A person appears twice in the budgets'],
      ['a notice blank to the eye in Arabic', AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE, { textEn: 'Use AI with care.', textAr: ' \u200B ' }, 'textAr: Give the notice in Arabic'],
      ['a notice over 5000 characters', AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE, { textEn: 'x'.repeat(5001), textAr: 'نص' }, 'textEn: The notice has at most 5000 characters'],
    ])('refuses %s with a 400 naming the field', async (_case, subject, data, message) => {
      expect((await send(subject, data, ADMIN)).err).toEqual({ statusCode: 400, message });
    });

    it.each([
      [AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, { version: 0 }, /^version: /],
      [AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, {}, /^version: /],
      [AI_GOVERNANCE_SUBJECTS.ADMIT, { feature: 'poetry' }, /^feature: /],
    ])('refuses a bad payload from a learner on %s (%j) with a 400 naming the field', async (subject, data, message) => {
      expect((await send(subject, data, LEARNER)).err).toEqual({ statusCode: 400, message: expect.stringMatching(message) });
    });
  });
});
