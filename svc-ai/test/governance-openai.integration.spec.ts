import {
  AI_GOVERNANCE_SUBJECTS,
  AI_SUBJECTS,
  aiBudgetExceededMessage,
  aiCallPageSchema,
  aiFeatureSettingsListSchema,
  aiUseStatusSchema,
  Caller,
  composeLessonsReplySchema,
  extractSkillsReplySchema,
  nextBudgetReset,
} from '@masar/contracts';
import { FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { composeRequest, plannedLesson } from './support/compose-request.factory';
import { chatCompletion, FakeOpenAiServer, RecordedRequest } from './support/fake-openai-server';
import { startAiWithFakeModel, stopAiWithFakeModel } from './support/ai-with-fake-model';

const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const POSTING = 'Requirements: Python and PostgreSQL.';
const LESSON_ANSWER = JSON.stringify({ content: 'Joins combine tables.', keyPoints: ['Joins combine.'], activities: ['Join two tables.'], usedSources: [1] });

const modelOf = (request: RecordedRequest) => (request.body as { model: string }).model;

/**
 * Metering and per-feature settings with a model that counts tokens: svc-ai on real Postgres and NATS,
 * its OpenAI provider pointed at a fake OpenAI-compatible server that reports each completion's usage.
 */
describe('svc-ai AI governance with an OpenAI-compatible model (fake server, real Postgres and NATS)', () => {
  const model = new FakeOpenAiServer();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;

  beforeAll(async () => {
    ({ database, app, nats } = await startAiWithFakeModel(model, 'ai_governance_openai'));
  });

  afterAll(() => stopAiWithFakeModel({ database, app, nats }, model));

  beforeEach(async () => {
    model.reset();
    await app.get(DataSource).query('TRUNCATE ai.ai_calls, ai.ai_feature_settings, ai.ai_budget_settings, ai.ai_budget_overrides');
  });

  const send = (subject: string, data: unknown, caller?: Caller): Promise<NestReply> => requestOverNats(nats, subject, data, undefined, caller);
  const latestCall = async () => aiCallPageSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { pageSize: 1 }, ADMIN)).response).items[0];

  it('logs the sum of the model’s usage over a request’s completions, the template and version it used, and the model', async () => {
    const usage = [
      { prompt_tokens: 100, completion_tokens: 40 },
      { prompt_tokens: 120, completion_tokens: 50 },
    ];
    model.answerWith((_request, index) => chatCompletion(LESSON_ANSWER, undefined, usage[index]));
    const learner: Caller = { id: randomUUID(), role: 'learner' };
    const reply = await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson({ key: 'a' }), plannedLesson({ key: 'b' })]), learner);
    const composed = composeLessonsReplySchema.parse(reply.response);
    expect(composed).toMatchObject({ provider: 'openai', model: 'fake-model' });
    expect(model.requests).toHaveLength(2);

    expect(await latestCall()).toMatchObject({
      userId: learner.id,
      feature: 'lesson-writing',
      provider: 'openai',
      model: 'fake-model',
      promptTemplate: 'lesson-composition',
      promptVersion: 1,
      inputTokens: 220,
      outputTokens: 90,
      outcome: 'succeeded',
    });
    const status = aiUseStatusSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.MY_STATUS, {}, learner)).response);
    expect(status.budget.usedTokens).toBe(310);
  });

  it('keeps the tokens of a completion whose answer was unusable, logged as failed', async () => {
    model.answerWith(() => chatCompletion('not json at all', undefined, { prompt_tokens: 70, completion_tokens: 3 }));
    const reply = await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING });
    expect(reply.err).toMatchObject({ statusCode: 502 });
    expect(await latestCall()).toMatchObject({ outcome: 'failed', statusCode: 502, inputTokens: 70, outputTokens: 3, promptTemplate: 'skill-extraction' });
  });

  it('uses each feature’s own provider and model for the next call: a model override, and offline while OpenAI is configured', async () => {
    const saved = await send(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'lesson-writing', enabled: true, provider: 'openai', model: 'writer-model' }, ADMIN);
    expect(saved.response).toMatchObject({ provider: 'openai', model: 'writer-model', effectiveModel: 'writer-model' });
    await send(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'skill-extraction', enabled: true, provider: 'offline', model: null }, ADMIN);
    const list = aiFeatureSettingsListSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.LIST_FEATURES, {}, ADMIN)).response);
    expect(list).toMatchObject({ openaiConfigured: true, defaultModel: 'fake-model' });
    expect(list.items.map((item) => [item.feature, item.provider, item.effectiveModel])).toEqual([
      ['skill-extraction', 'offline', 'built-in'],
      ['lesson-writing', 'openai', 'writer-model'],
      ['image-description', 'openai', 'fake-model'],
      ['quality-review', 'openai', 'fake-model'],
      ['search-answer', 'openai', 'fake-model'],
      // Six templates, one model: the screen names it once.
      ['learning-helpers', 'openai', 'fake-model'],
      // No prompt template: the speech model (OPENAI_SPEECH_MODEL's default).
      ['narration', 'openai', 'tts-1'],
      // Its template's `default`: the image model (OPENAI_IMAGE_MODEL's default), not the chat model.
      ['illustration', 'openai', 'gpt-image-1'],
      // Each a template's model (OPENAI_MODEL here).
      ['exercise-feedback', 'openai', 'fake-model'],
      ['arabic-vowel-marks', 'openai', 'fake-model'],
    ]);

    model.answerWith(() => chatCompletion(LESSON_ANSWER, undefined, { prompt_tokens: 10, completion_tokens: 5 }));
    const composed = composeLessonsReplySchema.parse((await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]))).response);
    expect(model.requests.map(modelOf)).toEqual(['writer-model']);
    expect(composed.model).toBe('writer-model');
    expect(await latestCall()).toMatchObject({ feature: 'lesson-writing', model: 'writer-model', inputTokens: 10 });

    const extracted = extractSkillsReplySchema.parse((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING })).response);
    expect(extracted.provider).toBe('offline');
    expect(model.requests).toHaveLength(1);
    expect(await latestCall()).toMatchObject({ feature: 'skill-extraction', provider: 'offline', model: 'built-in', inputTokens: 0, outputTokens: 0 });

    // Back to the template's model: OPENAI_MODEL for the unedited built-in template.
    await send(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'lesson-writing', enabled: true, provider: 'openai', model: '' }, ADMIN);
    await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]));
    expect(model.requests.map(modelOf)).toEqual(['writer-model', 'fake-model']);
  });

  it('refuses with 429, saying when the budget resets, once a call has used the caller’s budget up; the model is not asked', async () => {
    const learner: Caller = { id: randomUUID(), role: 'learner' };
    await send(AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, { defaultMonthlyTokens: null, overrides: [{ userId: learner.id, monthlyTokens: 100 }] }, ADMIN);
    model.answerWith(() => chatCompletion('{"skills": []}', undefined, { prompt_tokens: 80, completion_tokens: 30 }));

    // Under budget before the call (0 < 100): it runs, and uses 110 tokens.
    expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, learner)).err).toBeUndefined();
    const refused = await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, learner);
    const resetsAt = nextBudgetReset(new Date());
    expect(refused.err).toEqual({ statusCode: 429, message: aiBudgetExceededMessage(100, resetsAt) });
    const resetDay = resetsAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect((refused.err as { message: string }).message).toBe(`You have used your monthly AI budget of 100 tokens. It resets on ${resetDay}.`);
    expect(model.requests).toHaveLength(1);
    expect(await latestCall()).toMatchObject({ userId: learner.id, outcome: 'refused', statusCode: 429, inputTokens: 0 });

    // Someone else, on the default (none), is not affected.
    expect((await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: POSTING }, { id: randomUUID(), role: 'learner' })).err).toBeUndefined();
  });
});
