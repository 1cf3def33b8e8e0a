import {
  acceptAiNoticeRequestSchema,
  AI_FEATURES,
  AI_GOVERNANCE_SUBJECTS,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_NOT_ACCEPTED_STATUS,
  AI_NOTICE_OUTDATED_MESSAGE,
  aiAdmissionRequestSchema,
  aiBudgetExceededMessage,
  type AiBudgets,
  type AiCall,
  aiCallQuerySchema,
  type AiFeature,
  aiFeatureOffMessage,
  type AiFeatureSettings,
  type AiNotice,
  aiProviderNotConfiguredMessage,
  type AiUseStatus,
  type Caller,
  nextBudgetReset,
  OFFLINE_MODEL_NAME,
  updateAiBudgetsRequestSchema,
  updateAiFeatureRequestSchema,
  updateAiNoticeRequestSchema,
} from '@masar/contracts';
import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import { randomUUID } from 'node:crypto';
import type { Reply } from './stand-in-services';
import { invalid } from './stand-in-services';

/** What svc-ai answers when a feature is set to openai without OPENAI_API_KEY. */
export const OPENAI_NOT_CONFIGURED_MESSAGE = 'No OpenAI-compatible model is configured: set OPENAI_API_KEY for svc-ai';
export const NO_NOTICE_MESSAGE = 'No AI-use notice is published';
/** OPENAI_MODEL as svc-ai reports it when no feature names a model of its own. */
const DEFAULT_MODEL = 'gpt-4o-mini';

const NO_CALLER: Reply = { err: { statusCode: 401, message: 'The request does not say who is asking' } };

/** A call for the log, with what an offline success carries unless `fields` say otherwise. */
export function aiCallOf(fields: Partial<AiCall> = {}): AiCall {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    userId: null,
    userRole: null,
    feature: 'skill-extraction',
    provider: 'offline',
    model: OFFLINE_MODEL_NAME,
    promptTemplate: null,
    promptVersion: null,
    inputTokens: 0,
    outputTokens: 0,
    inputCharacters: 100,
    outputCharacters: 50,
    latencyMs: 10,
    outcome: 'succeeded',
    statusCode: null,
    error: null,
    requestId: randomUUID(),
    ...fields,
  };
}

/**
 * svc-ai's AI governance in memory, for the gateway's integration tests and its provider verification:
 * the same subjects, the admin role checked as svc-ai checks it, payloads checked with the contracts'
 * schemas, and admission refused in svc-ai's order (feature off 403, a learner's notice not accepted
 * 428, budget used up 429, openai not configured 503). The real svc-ai is held to these subjects by
 * svc-gateway-svc-ai.json.
 */
export class StandInGovernance {
  /** The call log, in the order seeded (it is answered newest first). */
  readonly calls: AiCall[] = [];
  readonly features = new Map<AiFeature, AiFeatureSettings>();
  openaiConfigured = false;
  private defaultMonthlyTokens: number | null = null;
  private overrides: { userId: string; monthlyTokens: number }[] = [];
  private budgetsUpdatedAt: string | null = null;
  private readonly notices: AiNotice[] = [];
  private readonly acceptances = new Map<string, { version: number; acceptedAt: string }>();

  constructor() {
    this.reset();
  }

  /** Svc-ai as first started: every feature on and offline, no budgets, no notice, nothing logged. */
  reset(): void {
    this.calls.length = 0;
    this.openaiConfigured = false;
    for (const feature of AI_FEATURES) {
      this.features.set(feature, { feature, enabled: true, provider: 'offline', model: null, effectiveModel: OFFLINE_MODEL_NAME, updatedBy: null, updatedAt: null });
    }
    this.defaultMonthlyTokens = null;
    this.overrides = [];
    this.budgetsUpdatedAt = null;
    this.notices.length = 0;
    this.acceptances.clear();
  }

  seedCalls(...calls: Partial<AiCall>[]): AiCall[] {
    const seeded = calls.map(aiCallOf);
    this.calls.push(...seeded);
    return seeded;
  }

  setFeature(feature: AiFeature, changes: Partial<Pick<AiFeatureSettings, 'enabled' | 'provider' | 'model'>>): void {
    const settings = { ...this.features.get(feature)!, ...changes };
    this.features.set(feature, { ...settings, effectiveModel: this.effectiveModelOf(settings.provider, settings.model) });
  }

  setBudgets(defaultMonthlyTokens: number | null, overrides: { userId: string; monthlyTokens: number }[] = []): void {
    this.defaultMonthlyTokens = defaultMonthlyTokens;
    this.overrides = overrides;
    this.budgetsUpdatedAt = new Date().toISOString();
  }

  publishNotice(texts: { textEn: string; textAr: string }, updatedBy: string | null = null): AiNotice {
    const notice = { version: this.notices.length + 1, ...texts, updatedBy, updatedAt: new Date().toISOString() };
    this.notices.push(notice);
    return notice;
  }

  handlers(): Record<string, (data: unknown, caller: Caller | null) => Reply> {
    const asAdmin = (handle: (data: unknown, caller: Caller) => Reply) => (data: unknown, caller: Caller | null): Reply => {
      if (!caller) return NO_CALLER;
      if (caller.role !== 'admin') return { err: { statusCode: 403, message: ADMINS_ONLY_MESSAGE } };
      return handle(data, caller);
    };
    const asSomebody = (handle: (data: unknown, caller: Caller) => Reply) => (data: unknown, caller: Caller | null): Reply =>
      caller ? handle(data, caller) : NO_CALLER;
    return {
      [AI_GOVERNANCE_SUBJECTS.LIST_CALLS]: asAdmin((data) => this.listCalls(data)),
      [AI_GOVERNANCE_SUBJECTS.LIST_FEATURES]: asAdmin(() => ({
        response: { items: AI_FEATURES.map((feature) => this.features.get(feature)!), openaiConfigured: this.openaiConfigured, defaultModel: DEFAULT_MODEL },
      })),
      [AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE]: asAdmin((data, caller) => {
        const parsed = updateAiFeatureRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const { feature, enabled, provider, model } = parsed.data;
        if (provider === 'openai' && !this.openaiConfigured) return { err: { statusCode: 400, message: OPENAI_NOT_CONFIGURED_MESSAGE } };
        this.setFeature(feature, { enabled, provider, model });
        const saved = { ...this.features.get(feature)!, updatedBy: caller.id, updatedAt: new Date().toISOString() };
        this.features.set(feature, saved);
        return { response: saved };
      }),
      [AI_GOVERNANCE_SUBJECTS.GET_BUDGETS]: asAdmin(() => ({ response: this.budgets() })),
      [AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS]: asAdmin((data) => {
        const parsed = updateAiBudgetsRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        this.setBudgets(parsed.data.defaultMonthlyTokens, parsed.data.overrides);
        return { response: this.budgets() };
      }),
      [AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE]: asAdmin((data, caller) => {
        const parsed = updateAiNoticeRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        return { response: { ...this.publishNotice(parsed.data, caller.id), acceptances: 0 } };
      }),
      [AI_GOVERNANCE_SUBJECTS.MY_STATUS]: asSomebody((_data, caller) => ({ response: this.statusOf(caller) })),
      [AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE]: asSomebody((data, caller) => {
        const parsed = acceptAiNoticeRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const current = this.currentNotice();
        if (!current) return { err: { statusCode: 404, message: NO_NOTICE_MESSAGE } };
        if (parsed.data.version !== current.version) return { err: { statusCode: 409, message: AI_NOTICE_OUTDATED_MESSAGE } };
        this.acceptances.set(caller.id, { version: current.version, acceptedAt: new Date().toISOString() });
        return { response: this.statusOf(caller) };
      }),
      [AI_GOVERNANCE_SUBJECTS.ADMIT]: asSomebody((data, caller) => {
        const parsed = aiAdmissionRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const refusal = this.refusalOf(parsed.data.feature, caller);
        if (refusal) {
          this.calls.push(aiCallOf({ userId: caller.id, userRole: caller.role, feature: parsed.data.feature, outcome: 'refused', statusCode: refusal.statusCode, error: refusal.message }));
          return { err: refusal };
        }
        return { response: { feature: parsed.data.feature, admitted: true } };
      }),
    };
  }

  private currentNotice(): AiNotice | undefined {
    return this.notices.at(-1);
  }

  /** As svc-ai's meter refuses a call (feature off, notice, budget); what narration, which the gateway does not admit, answers. */
  refusalOf(feature: AiFeature, caller: Caller): { statusCode: number; message: string } | undefined {
    const settings = this.features.get(feature)!;
    if (!settings.enabled) return { statusCode: 403, message: aiFeatureOffMessage(feature) };
    const notice = this.currentNotice();
    if (caller.role === 'learner' && notice && this.acceptances.get(caller.id)?.version !== notice.version) {
      return { statusCode: AI_NOTICE_NOT_ACCEPTED_STATUS, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE };
    }
    const budget = this.budgetOf(caller.id);
    if (budget !== null && this.usedThisMonth(caller.id).usedTokens >= budget) {
      return { statusCode: 429, message: aiBudgetExceededMessage(budget, nextBudgetReset(new Date())) };
    }
    if (settings.provider === 'openai' && !this.openaiConfigured) return { statusCode: 503, message: aiProviderNotConfiguredMessage(feature) };
    return undefined;
  }

  private budgetOf(userId: string): number | null {
    return this.overrides.find((override) => override.userId === userId)?.monthlyTokens ?? this.defaultMonthlyTokens;
  }

  private usedThisMonth(userId: string): { usedTokens: number; calls: number } {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const mine = this.calls.filter((call) => call.userId === userId && call.at >= monthStart);
    return { usedTokens: mine.reduce((sum, call) => sum + call.inputTokens + call.outputTokens, 0), calls: mine.length };
  }

  private budgets(): AiBudgets {
    const users = [...new Set(this.calls.map((call) => call.userId).filter((userId): userId is string => userId !== null))];
    const usage = users
      .map((userId) => ({ userId, ...this.usedThisMonth(userId), monthlyTokens: this.budgetOf(userId) }))
      .filter((use) => use.usedTokens > 0)
      .sort((a, b) => b.usedTokens - a.usedTokens);
    return {
      defaultMonthlyTokens: this.defaultMonthlyTokens,
      overrides: this.overrides,
      usage,
      resetsAt: nextBudgetReset(new Date()).toISOString(),
      updatedAt: this.budgetsUpdatedAt,
    };
  }

  private statusOf(caller: Caller): AiUseStatus {
    const notice = this.currentNotice() ?? null;
    const accepted = this.acceptances.get(caller.id);
    return {
      notice,
      noticeRequired: caller.role === 'learner' && notice !== null && accepted?.version !== notice.version,
      acceptedVersion: accepted?.version ?? null,
      acceptedAt: accepted?.acceptedAt ?? null,
      enabledFeatures: AI_FEATURES.filter((feature) => this.features.get(feature)!.enabled),
      budget: { monthlyTokens: this.budgetOf(caller.id), usedTokens: this.usedThisMonth(caller.id).usedTokens, resetsAt: nextBudgetReset(new Date()).toISOString() },
    };
  }

  private listCalls(data: unknown): Reply {
    const parsed = aiCallQuerySchema.safeParse(data);
    if (!parsed.success) return invalid(parsed.error);
    const { from, to, feature, provider, outcome, userId, model, page, pageSize } = parsed.data;
    const matching = this.calls
      .filter((call) => !from || call.at.slice(0, 10) >= from)
      .filter((call) => !to || call.at.slice(0, 10) <= to)
      .filter((call) => !feature || call.feature === feature)
      .filter((call) => !provider || call.provider === provider)
      .filter((call) => !outcome || call.outcome === outcome)
      .filter((call) => !userId || call.userId === userId)
      .filter((call) => !model || call.model === model)
      .sort((a, b) => b.at.localeCompare(a.at));
    return {
      response: {
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
        totals: {
          calls: matching.length,
          inputTokens: matching.reduce((sum, call) => sum + call.inputTokens, 0),
          outputTokens: matching.reduce((sum, call) => sum + call.outputTokens, 0),
          failed: matching.filter((call) => call.outcome === 'failed').length,
          refused: matching.filter((call) => call.outcome === 'refused').length,
        },
      },
    };
  }

  private effectiveModelOf(provider: AiFeatureSettings['provider'], model: string | null): string {
    return provider === 'offline' ? OFFLINE_MODEL_NAME : (model ?? DEFAULT_MODEL);
  }
}
