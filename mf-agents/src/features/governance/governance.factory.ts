import type { AiBudgets, AiCall, AiCallPage, AiFeatureSettings, AiFeatureSettingsList, AiNotice, AiUseStatus } from '@masar/contracts';
import { AI_FEATURES, DEFAULT_AI_NOTICE } from '@masar/contracts';

let sequence = 0;
const nextId = () => `00000000-0000-4000-9000-${String(++sequence).padStart(12, '0')}`;

/** A logged call as the gateway answers it: a learner's offline skill extraction, unless told otherwise. */
export function buildAiCall(overrides: Partial<AiCall> = {}): AiCall {
  return {
    id: nextId(),
    at: '2026-11-25T08:30:00.000Z',
    userId: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
    userRole: 'learner',
    feature: 'skill-extraction',
    provider: 'offline',
    model: 'built-in',
    promptTemplate: null,
    promptVersion: null,
    inputTokens: 0,
    outputTokens: 0,
    inputCharacters: 1200,
    outputCharacters: 300,
    latencyMs: 42,
    outcome: 'succeeded',
    statusCode: null,
    error: null,
    requestId: 'req-1',
    userName: 'Layla Haddad',
    userEmail: 'layla@masar.test',
    ...overrides,
  };
}

export function buildAiCallPage(items: AiCall[], overrides: Partial<AiCallPage> = {}): AiCallPage {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    totals: {
      calls: items.length,
      inputTokens: items.reduce((sum, call) => sum + call.inputTokens, 0),
      outputTokens: items.reduce((sum, call) => sum + call.outputTokens, 0),
      failed: items.filter((call) => call.outcome === 'failed').length,
      refused: items.filter((call) => call.outcome === 'refused').length,
    },
    ...overrides,
  };
}

export function buildFeatureSettings(overrides: Partial<AiFeatureSettings> = {}): AiFeatureSettings {
  return { feature: 'lesson-writing', enabled: true, provider: 'offline', model: null, effectiveModel: 'built-in', updatedBy: null, updatedAt: null, ...overrides };
}

/** svc-ai's defaults: every feature on and offline, no OpenAI endpoint configured. */
export function buildFeatureSettingsList(overrides: Partial<AiFeatureSettingsList> = {}): AiFeatureSettingsList {
  return { items: AI_FEATURES.map((feature) => buildFeatureSettings({ feature })), openaiConfigured: false, defaultModel: 'gpt-4o-mini', ...overrides };
}

export function buildBudgets(overrides: Partial<AiBudgets> = {}): AiBudgets {
  return { defaultMonthlyTokens: null, overrides: [], usage: [], resetsAt: '2026-12-01T00:00:00.000Z', updatedAt: null, ...overrides };
}

export function buildNotice(overrides: Partial<AiNotice> = {}): AiNotice {
  return { version: 1, ...DEFAULT_AI_NOTICE, updatedBy: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', updatedAt: '2026-11-20T09:00:00.000Z', ...overrides };
}

/** An admin's own status: never asked to accept. */
export function buildUseStatus(overrides: Partial<AiUseStatus> = {}): AiUseStatus {
  return {
    notice: null,
    noticeRequired: false,
    acceptedVersion: null,
    acceptedAt: null,
    enabledFeatures: [...AI_FEATURES],
    budget: { monthlyTokens: null, usedTokens: 0, resetsAt: '2026-12-01T00:00:00.000Z' },
    ...overrides,
  };
}
