import {
  AI_FEATURES,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_NOT_ACCEPTED_STATUS,
  AI_NOTICE_OUTDATED_MESSAGE,
  AiAdmission,
  AiBudgets,
  AiCall,
  AiCallPage,
  AiCallQuery,
  aiBudgetExceededMessage,
  AiFeature,
  aiFeatureOffMessage,
  AiFeatureSettings,
  AiFeatureSettingsList,
  AiNotice,
  aiProviderNotConfiguredMessage,
  AiProvider,
  AiUseStatus,
  Caller,
  nextBudgetReset,
  OFFLINE_MODEL_NAME,
  PROMPT_TEMPLATE_NAMES,
  PromptTemplateName,
  UpdateAiBudgetsRequest,
  UpdateAiFeatureRequest,
  UpdateAiNoticeRequest,
} from '@masar/contracts';
import { requireAdmin, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { AI_CONFIG, AiConfig } from '../config';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { AiBudgetOverride } from './entities/ai-budget-override.entity';
import { AiBudgetSetting } from './entities/ai-budget-setting.entity';
import { AiCallRecord } from './entities/ai-call.entity';
import { AiFeatureSetting } from './entities/ai-feature-setting.entity';
import { AiNoticeAcceptance } from './entities/ai-notice-acceptance.entity';
import { AiNoticeVersion } from './entities/ai-notice.entity';

export const UNKNOWN_AI_FEATURE_MESSAGE = 'Unknown AI feature';
export const OPENAI_NOT_CONFIGURED_MESSAGE = 'No OpenAI-compatible model is configured: set OPENAI_API_KEY for svc-ai';
export const NO_NOTICE_PUBLISHED_MESSAGE = 'No AI-use notice is published';

/**
 * The prompt templates each feature's model calls read (its model is the templates' default model).
 * Most features have one; the learning helpers have one per helper, and a call reads the one of its helper.
 * Narration has none: it speaks the lesson's text, with the configured speech model (OPENAI_SPEECH_MODEL).
 * Before the offline voice reads Arabic, `arabic-vowel-marks` may have a model mark its vowels: a
 * feature of its own, so its calls are logged (and switched) apart from the voice's.
 */
export const PROMPT_TEMPLATES_OF_FEATURE: Readonly<Record<AiFeature, readonly PromptTemplateName[]>> = {
  'skill-extraction': [PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION],
  'lesson-writing': [PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION],
  'image-description': [PROMPT_TEMPLATE_NAMES.IMAGE_DESCRIPTION],
  'quality-review': [PROMPT_TEMPLATE_NAMES.QUALITY_FACT_CHECK],
  'search-answer': [PROMPT_TEMPLATE_NAMES.SEARCH_ANSWER],
  'learning-helpers': [
    PROMPT_TEMPLATE_NAMES.HELPER_SUMMARIZE,
    PROMPT_TEMPLATE_NAMES.HELPER_QUIZ,
    PROMPT_TEMPLATE_NAMES.HELPER_DEEP_ANALYSIS,
    PROMPT_TEMPLATE_NAMES.HELPER_CREATIVE_SCENARIOS,
    PROMPT_TEMPLATE_NAMES.HELPER_VISUAL_EXPLANATION,
    PROMPT_TEMPLATE_NAMES.HELPER_PRACTICAL_EXERCISES,
  ],
  narration: [],
  illustration: [PROMPT_TEMPLATE_NAMES.LESSON_ILLUSTRATION],
  'exercise-feedback': [PROMPT_TEMPLATE_NAMES.EXERCISE_FEEDBACK],
  'arabic-vowel-marks': [PROMPT_TEMPLATE_NAMES.ARABIC_DIACRITICS],
};

/** How a feature runs now: an admin's row, or the defaults. */
export interface FeatureSettings {
  feature: AiFeature;
  enabled: boolean;
  provider: AiProvider;
  model: string | null;
}

/** Why a call may not run: the status code and message the caller gets. */
export interface Refusal {
  statusCode: 403 | 428 | 429 | 503;
  message: string;
}

/** A row of the call log as the meter writes it (id and time are the database's). */
export type NewAiCall = Omit<AiCallRecord, 'id' | 'at'>;

/** The first instant (UTC) of the month `now` is in: budgets count from here. */
export function monthStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Whether a learner must accept `notice` first: admins are never asked, nor anyone before a notice exists. */
export function mustAcceptNotice(caller: Caller | null, currentVersion: number | null, acceptedCurrent: boolean): boolean {
  return caller !== null && caller.role === 'learner' && currentVersion !== null && !acceptedCurrent;
}

/** The budget that applies to a person: their own, else the default; null is no limit. */
export function budgetOf(override: number | undefined, defaultMonthlyTokens: number | null): number | null {
  return override ?? defaultMonthlyTokens;
}

const toIso = (date: Date): string => date.toISOString();

const VERSION_SQL = `SELECT "version"::text AS "version" FROM "ai"."governance_state"`;
/** Tokens a user ($1) used since $2 (the month's start), through ai_calls_user_at_idx; plain SQL, so it can ride along with the version read. */
const USED_TOKENS_SQL = `SELECT coalesce(sum(c."input_tokens" + c."output_tokens"), 0) FROM "ai"."ai_calls" c WHERE c."user_id" = $1 AND c."at" >= $2`;

/** Learners whose acceptance of the current notice is kept per settings version, at most. */
const KEPT_ACCEPTANCES = 10_000;

/**
 * The settings every call is checked against, as read at one `ai.governance_state` version
 * (migration 1796800000000): any write to them moves the version on, so a snapshot is used only
 * while the version it was read at is still current.
 */
interface GovernanceSnapshot {
  version: string;
  features: Map<AiFeature, FeatureSettings>;
  defaultMonthlyTokens: number | null;
  overrides: Map<string, number>;
  noticeVersion: number | null;
  /** Whether a learner accepted the current notice; filled as learners call (acceptances move the version too). */
  accepted: Map<string, boolean>;
}

/**
 * AI governance (issue 12): the feature settings, the monthly budgets, the AI-use notice, and the
 * refusals every AI call is checked against before any work, in this order: feature off (403), a
 * learner who has not accepted the notice in force (428), a caller whose budget is used up (429),
 * a feature set to OpenAI while none is configured (503). Admin subjects check the caller here too.
 */
@Injectable()
export class GovernanceService {
  constructor(
    @InjectRepository(AiCallRecord) private readonly calls: Repository<AiCallRecord>,
    @InjectRepository(AiFeatureSetting) private readonly features: Repository<AiFeatureSetting>,
    @InjectRepository(AiBudgetSetting) private readonly budgetSettings: Repository<AiBudgetSetting>,
    @InjectRepository(AiBudgetOverride) private readonly overrides: Repository<AiBudgetOverride>,
    @InjectRepository(AiNoticeVersion) private readonly notices: Repository<AiNoticeVersion>,
    @InjectRepository(AiNoticeAcceptance) private readonly acceptances: Repository<AiNoticeAcceptance>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
    @Inject(PROMPT_SOURCE) private readonly prompts: PromptSource,
  ) {}

  private kept: GovernanceSnapshot | null = null;
  private loading: { version: string; snapshot: Promise<GovernanceSnapshot> } | null = null;

  /** Whether an OpenAI-compatible endpoint is configured (OPENAI_API_KEY). */
  get openaiConfigured(): boolean {
    return this.config.openai.apiKey !== undefined;
  }

  /* ---------------------------------------------------------------- Feature settings */

  async settingsOf(feature: AiFeature): Promise<FeatureSettings> {
    return this.settingsIn(await this.snapshot(), feature);
  }

  private settingsIn(snapshot: GovernanceSnapshot, feature: AiFeature): FeatureSettings {
    return snapshot.features.get(feature) ?? this.defaultSettings(feature);
  }

  /**
   * The settings as they are now: one read of the version, and the settings themselves only when
   * it moved on since they were read (an admin's change, another instance's, or SQL). Concurrent
   * calls share one read.
   */
  private async snapshot(): Promise<GovernanceSnapshot> {
    const [{ version }] = await this.dataSource.query<Array<{ version: string }>>(VERSION_SQL);
    return this.snapshotAt(version);
  }

  /**
   * The settings version and, for a caller whose budget applies as far as the kept settings say, the
   * tokens they used this month: one statement for what every metered call reads first.
   */
  private async versionAndUse(userId: string | null, now: Date): Promise<{ version: string; used: number | null }> {
    if (userId === null) return { version: (await this.dataSource.query<Array<{ version: string }>>(VERSION_SQL))[0].version, used: null };
    const [row] = await this.dataSource.query<Array<{ version: string; used: string }>>(
      `SELECT "version"::text AS "version", (${USED_TOKENS_SQL})::text AS "used" FROM "ai"."governance_state"`,
      [userId, monthStartOf(now)],
    );
    return { version: row.version, used: Number(row.used) };
  }

  private async snapshotAt(version: string): Promise<GovernanceSnapshot> {
    if (this.kept?.version === version) return this.kept;
    if (this.loading?.version !== version) {
      const snapshot = this.readSnapshot(version);
      const loading = { version, snapshot };
      this.loading = loading;
      snapshot.then(
        (read) => {
          // Labelled with the version seen before reading: a write meanwhile moves the version on, and the next call reads again.
          if (this.loading === loading) this.loading = null;
          if (this.kept === null || BigInt(read.version) >= BigInt(this.kept.version)) this.kept = read;
        },
        () => {
          if (this.loading === loading) this.loading = null;
        },
      );
    }
    return this.loading.snapshot;
  }

  private async readSnapshot(version: string): Promise<GovernanceSnapshot> {
    const [features, budgetSettings, overrides, notice] = await Promise.all([
      this.features.find(),
      this.budgetSettings.findOneBy({ id: 1 }),
      this.overrides.find(),
      this.currentNotice(),
    ]);
    return {
      version,
      features: new Map(features.map((row) => [row.feature, { feature: row.feature, enabled: row.enabled, provider: row.provider, model: row.model }])),
      defaultMonthlyTokens: budgetSettings?.defaultMonthlyTokens ?? null,
      overrides: new Map(overrides.map((override) => [override.userId, override.monthlyTokens])),
      noticeVersion: notice?.version ?? null,
      accepted: new Map(),
    };
  }

  /** Whether the learner accepted the current notice, read once per settings version. */
  private async acceptedCurrentNotice(snapshot: GovernanceSnapshot, userId: string): Promise<boolean> {
    if (snapshot.noticeVersion === null) return false;
    const kept = snapshot.accepted.get(userId);
    if (kept !== undefined) return kept;
    const accepted = await this.acceptances.existsBy({ userId, version: snapshot.noticeVersion });
    if (snapshot.accepted.size >= KEPT_ACCEPTANCES) snapshot.accepted.clear();
    snapshot.accepted.set(userId, accepted);
    return accepted;
  }

  async listFeatures(caller: Caller): Promise<AiFeatureSettingsList> {
    requireAdmin(caller);
    const rows = new Map((await this.features.find()).map((row) => [row.feature, row]));
    const items = await Promise.all(AI_FEATURES.map((feature) => this.featureReply(feature, rows.get(feature))));
    return { items, openaiConfigured: this.openaiConfigured, defaultModel: this.config.openai.model };
  }

  async updateFeature(caller: Caller, request: UpdateAiFeatureRequest): Promise<AiFeatureSettings> {
    requireAdmin(caller);
    if (request.provider === 'openai' && !this.openaiConfigured) throw rpcError(400, OPENAI_NOT_CONFIGURED_MESSAGE);
    await this.features.upsert(
      { feature: request.feature, enabled: request.enabled, provider: request.provider, model: request.model, updatedBy: caller.id, updatedAt: new Date() },
      ['feature'],
    );
    return this.featureReply(request.feature, (await this.features.findOneBy({ feature: request.feature })) ?? undefined);
  }

  private defaultSettings(feature: AiFeature): FeatureSettings {
    return { feature, enabled: true, provider: this.config.provider, model: null };
  }

  private async featureReply(feature: AiFeature, row: AiFeatureSetting | undefined): Promise<AiFeatureSettings> {
    const settings = row ?? this.defaultSettings(feature);
    return {
      feature,
      enabled: settings.enabled,
      provider: settings.provider,
      model: settings.model,
      effectiveModel: await this.effectiveModel(settings),
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row ? toIso(row.updatedAt) : null,
    };
  }

  /**
   * The model a feature's calls use now: built-in offline; else its own, else its templates' (or
   * OPENAI_MODEL). A feature with several templates whose models differ shows each, comma-separated:
   * the screen must not name one model where calls may use another.
   */
  async effectiveModel(settings: Pick<FeatureSettings, 'feature' | 'provider' | 'model'>): Promise<string> {
    if (settings.provider === 'offline') return OFFLINE_MODEL_NAME;
    if (settings.model !== null) return settings.model;
    if (PROMPT_TEMPLATES_OF_FEATURE[settings.feature].length === 0) return this.config.speech.model;
    const models = await Promise.all(PROMPT_TEMPLATES_OF_FEATURE[settings.feature].map(async (name) => (await this.prompts.resolve(name, {})).model));
    return [...new Set(models)].join(', ');
  }

  /* ---------------------------------------------------------------- Refusals and admission */

  /**
   * A feature's settings and, when the caller may not use it now, why. `budgetApplies: false` is for
   * work that costs no model call (a narration already in the store): a used-up budget does not refuse it.
   */
  async checkCall(feature: AiFeature, caller: Caller | null, { budgetApplies = true } = {}): Promise<{ settings: FeatureSettings; refusal: Refusal | null }> {
    const now = new Date();
    // The month's use is read with the version when the kept settings give the caller a budget (or none are kept yet).
    const kept = this.kept;
    const readUse = caller !== null && budgetApplies && (kept === null || budgetOf(kept.overrides.get(caller.id), kept.defaultMonthlyTokens) !== null);
    const { version, used } = await this.versionAndUse(readUse ? caller.id : null, now);
    const snapshot = await this.snapshotAt(version);
    const settings = this.settingsIn(snapshot, feature);
    return { settings, refusal: await this.refusalIn(snapshot, settings, caller, now, { budgetApplies, used }) };
  }

  /** The first reason `caller` may not use `feature` now, in the documented order; null when they may. */
  private async refusalIn(
    snapshot: GovernanceSnapshot,
    settings: FeatureSettings,
    caller: Caller | null,
    now: Date,
    { budgetApplies, used }: { budgetApplies: boolean; used: number | null },
  ): Promise<Refusal | null> {
    if (!settings.enabled) return { statusCode: 403, message: aiFeatureOffMessage(settings.feature) };
    if (caller !== null) {
      if (caller.role === 'learner') {
        const accepted = await this.acceptedCurrentNotice(snapshot, caller.id);
        if (mustAcceptNotice(caller, snapshot.noticeVersion, accepted)) {
          return { statusCode: AI_NOTICE_NOT_ACCEPTED_STATUS as 428, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE };
        }
      }
      const budget = budgetApplies ? budgetOf(snapshot.overrides.get(caller.id), snapshot.defaultMonthlyTokens) : null;
      if (budget !== null && (used ?? (await this.usedTokensThisMonth(caller.id, now))) >= budget) {
        return { statusCode: 429, message: aiBudgetExceededMessage(budget, nextBudgetReset(now)) };
      }
    }
    if (settings.provider === 'openai' && !this.openaiConfigured) {
      return { statusCode: 503, message: aiProviderNotConfiguredMessage(settings.feature) };
    }
    return null;
  }

  /**
   * The gateway asks before it starts AI work for the caller. A refusal is logged as a refused call of
   * the feature, as it would be had the work itself been asked; an admission logs nothing (the work will).
   */
  async admit(caller: Caller, feature: AiFeature, requestId: string | null): Promise<AiAdmission> {
    const { settings, refusal } = await this.checkCall(feature, caller);
    if (refusal) {
      await this.recordCall({
        ...emptyCall(caller, settings, await this.modelForLog(settings)),
        outcome: 'refused',
        statusCode: refusal.statusCode,
        error: refusal.message,
        requestId,
      });
      throw rpcError(refusal.statusCode, refusal.message);
    }
    return { feature, admitted: true };
  }

  /** The model a call of these settings is logged with before a model answers (built-in offline). */
  async modelForLog(settings: FeatureSettings): Promise<string> {
    if (settings.provider === 'openai' && !this.openaiConfigured) return settings.model ?? this.config.openai.model;
    return this.effectiveModel(settings).catch(() => settings.model ?? this.config.openai.model);
  }

  /* ---------------------------------------------------------------- The call log */

  /**
   * One plain INSERT: every AI call (a search's answer among them) writes a row, and the query
   * builder's insert (entity metadata, RETURNING the generated columns) cost more CPU than the write.
   */
  async recordCall(call: NewAiCall): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "ai"."ai_calls" ("user_id", "user_role", "feature", "provider", "model", "prompt_template", "prompt_version", "input_tokens",
                                    "output_tokens", "input_characters", "output_characters", "latency_ms", "outcome", "status_code", "error", "request_id")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        call.userId,
        call.userRole,
        call.feature,
        call.provider,
        call.model,
        call.promptTemplate,
        call.promptVersion,
        call.inputTokens,
        call.outputTokens,
        call.inputCharacters,
        call.outputCharacters,
        call.latencyMs,
        call.outcome,
        call.statusCode,
        call.error,
        call.requestId,
      ],
    );
  }

  async listCalls(caller: Caller, query: AiCallQuery): Promise<AiCallPage> {
    requireAdmin(caller);
    const filtered = () => this.filteredCalls(query);
    const totals = await filtered()
      .select('count(*)::int', 'calls')
      .addSelect('coalesce(sum(call.input_tokens), 0)::bigint', 'inputTokens')
      .addSelect('coalesce(sum(call.output_tokens), 0)::bigint', 'outputTokens')
      .addSelect(`count(*) FILTER (WHERE call.outcome = 'failed')::int`, 'failed')
      .addSelect(`count(*) FILTER (WHERE call.outcome = 'refused')::int`, 'refused')
      .getRawOne<{ calls: number; inputTokens: string; outputTokens: string; failed: number; refused: number }>();
    const rows = await filtered()
      .orderBy('call.at', 'DESC')
      .addOrderBy('call.id', 'DESC')
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize)
      .getMany();
    return {
      items: rows.map(toAiCall),
      total: totals?.calls ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      totals: {
        calls: totals?.calls ?? 0,
        inputTokens: Number(totals?.inputTokens ?? 0),
        outputTokens: Number(totals?.outputTokens ?? 0),
        failed: totals?.failed ?? 0,
        refused: totals?.refused ?? 0,
      },
    };
  }

  /** The calls the filters match; dates are whole UTC days, `to` included. */
  private filteredCalls(query: AiCallQuery): SelectQueryBuilder<AiCallRecord> {
    const builder = this.calls.createQueryBuilder('call');
    if (query.from) builder.andWhere(`call.at >= (:from::date)::timestamp AT TIME ZONE 'UTC'`, { from: query.from });
    if (query.to) builder.andWhere(`call.at < (:to::date + 1)::timestamp AT TIME ZONE 'UTC'`, { to: query.to });
    if (query.feature) builder.andWhere('call.feature = :feature', { feature: query.feature });
    if (query.provider) builder.andWhere('call.provider = :provider', { provider: query.provider });
    if (query.outcome) builder.andWhere('call.outcome = :outcome', { outcome: query.outcome });
    if (query.userId) builder.andWhere('call.user_id = :userId', { userId: query.userId });
    if (query.model) builder.andWhere('call.model = :model', { model: query.model });
    return builder;
  }

  /* ---------------------------------------------------------------- Budgets */

  async getBudgets(caller: Caller, now = new Date()): Promise<AiBudgets> {
    requireAdmin(caller);
    const [settings, overrides] = await Promise.all([this.budgetSettings.findOneBy({ id: 1 }), this.overrides.find({ order: { userId: 'ASC' } })]);
    const defaultMonthlyTokens = settings?.defaultMonthlyTokens ?? null;
    const ownBudgets = new Map(overrides.map((override) => [override.userId, override.monthlyTokens]));
    const usage = await this.calls
      .createQueryBuilder('call')
      .select('call.user_id', 'userId')
      .addSelect('sum(call.input_tokens + call.output_tokens)::bigint', 'usedTokens')
      .addSelect(`count(*) FILTER (WHERE call.outcome <> 'refused')::int`, 'calls')
      .where('call.user_id IS NOT NULL')
      .andWhere('call.at >= :since', { since: monthStartOf(now) })
      .groupBy('call.user_id')
      .having('sum(call.input_tokens + call.output_tokens) > 0')
      .orderBy('"usedTokens"', 'DESC')
      .addOrderBy('call.user_id', 'ASC')
      .getRawMany<{ userId: string; usedTokens: string; calls: number }>();
    return {
      defaultMonthlyTokens,
      overrides: overrides.map(({ userId, monthlyTokens }) => ({ userId, monthlyTokens })),
      usage: usage.map((row) => ({
        userId: row.userId,
        usedTokens: Number(row.usedTokens),
        calls: row.calls,
        monthlyTokens: budgetOf(ownBudgets.get(row.userId), defaultMonthlyTokens),
      })),
      resetsAt: toIso(nextBudgetReset(now)),
      updatedAt: settings ? toIso(settings.updatedAt) : null,
    };
  }

  /** Replaces the default and every override at once: the admin screen saves the whole table. */
  async updateBudgets(caller: Caller, request: UpdateAiBudgetsRequest): Promise<AiBudgets> {
    requireAdmin(caller);
    await this.dataSource.transaction(async (manager) => {
      await manager.upsert(AiBudgetSetting, { id: 1, defaultMonthlyTokens: request.defaultMonthlyTokens, updatedAt: new Date() }, ['id']);
      await manager.clear(AiBudgetOverride);
      if (request.overrides.length > 0) await manager.insert(AiBudgetOverride, request.overrides);
    });
    return this.getBudgets(caller);
  }

  private async budgetFor(userId: string): Promise<number | null> {
    const [override, settings] = await Promise.all([this.overrides.findOneBy({ userId }), this.budgetSettings.findOneBy({ id: 1 })]);
    return budgetOf(override?.monthlyTokens, settings?.defaultMonthlyTokens ?? null);
  }

  /** Model tokens the person's calls counted since the month began (UTC); offline calls count none. */
  async usedTokensThisMonth(userId: string, now = new Date()): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ used: string }>>(`SELECT (${USED_TOKENS_SQL})::text AS "used"`, [userId, monthStartOf(now)]);
    return Number(row?.used ?? 0);
  }

  /* ---------------------------------------------------------------- The AI-use notice */

  /** Publishes the next version (1 for the first): from now on every learner accepts it before their next AI call. */
  async publishNotice(caller: Caller, request: UpdateAiNoticeRequest): Promise<AiNotice> {
    requireAdmin(caller);
    const notice = await this.dataSource.transaction(async (manager) => {
      // Two admins publishing at once get consecutive versions, never the same one.
      await manager.query('LOCK TABLE ai.ai_notices IN SHARE ROW EXCLUSIVE MODE');
      const [{ next }] = (await manager.query('SELECT coalesce(max(version), 0) + 1 AS next FROM ai.ai_notices')) as { next: number }[];
      const row = manager.create(AiNoticeVersion, { version: next, textEn: request.textEn, textAr: request.textAr, updatedBy: caller.id, updatedAt: new Date() });
      return manager.save(row);
    });
    return { ...toNotice(notice), acceptances: 0 };
  }

  async currentNotice(): Promise<AiNoticeVersion | null> {
    return this.notices.findOne({ where: {}, order: { version: 'DESC' } });
  }

  async statusOf(caller: Caller, now = new Date()): Promise<AiUseStatus> {
    const [notice, latestAcceptance, settings, budget, usedTokens] = await Promise.all([
      this.currentNotice(),
      this.acceptances.findOne({ where: { userId: caller.id }, order: { version: 'DESC' } }),
      Promise.all(AI_FEATURES.map((feature) => this.settingsOf(feature))),
      this.budgetFor(caller.id),
      this.usedTokensThisMonth(caller.id, now),
    ]);
    const acceptedCurrent = notice !== null && latestAcceptance?.version === notice.version;
    const noticeReply = notice === null ? null : toNotice(notice);
    if (noticeReply && caller.role === 'admin') noticeReply.acceptances = await this.acceptances.countBy({ version: notice!.version });
    return {
      notice: noticeReply,
      noticeRequired: mustAcceptNotice(caller, notice?.version ?? null, acceptedCurrent),
      acceptedVersion: latestAcceptance?.version ?? null,
      acceptedAt: latestAcceptance ? toIso(latestAcceptance.acceptedAt) : null,
      enabledFeatures: settings.filter((feature) => feature.enabled).map((feature) => feature.feature),
      budget: { monthlyTokens: budget, usedTokens, resetsAt: toIso(nextBudgetReset(now)) },
    };
  }

  /** Records that the caller accepted `version` (the first time counts); 409 when a newer one replaced it. */
  async acceptNotice(caller: Caller, version: number): Promise<AiUseStatus> {
    const notice = await this.currentNotice();
    if (!notice) throw rpcError(404, NO_NOTICE_PUBLISHED_MESSAGE);
    if (notice.version !== version) throw rpcError(409, AI_NOTICE_OUTDATED_MESSAGE);
    await this.acceptances
      .createQueryBuilder()
      .insert()
      .values({ userId: caller.id, version, acceptedAt: new Date() })
      .orIgnore()
      .execute();
    return this.statusOf(caller);
  }
}

/** A call row with nothing measured yet: who, which feature, which provider and model. */
export function emptyCall(caller: Caller | null, settings: FeatureSettings, model: string): NewAiCall {
  return {
    userId: caller?.id ?? null,
    userRole: caller?.role ?? null,
    feature: settings.feature,
    provider: settings.provider,
    model,
    promptTemplate: null,
    promptVersion: null,
    inputTokens: 0,
    outputTokens: 0,
    inputCharacters: 0,
    outputCharacters: 0,
    latencyMs: 0,
    outcome: 'succeeded',
    statusCode: null,
    error: null,
    requestId: null,
  };
}

function toAiCall(row: AiCallRecord): AiCall {
  return {
    id: row.id,
    at: toIso(row.at),
    userId: row.userId,
    userRole: row.userRole,
    feature: row.feature,
    provider: row.provider,
    model: row.model,
    promptTemplate: row.promptTemplate,
    promptVersion: row.promptVersion,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    inputCharacters: row.inputCharacters,
    outputCharacters: row.outputCharacters,
    latencyMs: row.latencyMs,
    outcome: row.outcome,
    statusCode: row.statusCode,
    error: row.error,
    requestId: row.requestId,
  };
}

function toNotice(row: AiNoticeVersion): AiNotice {
  return { version: row.version, textEn: row.textEn, textAr: row.textAr, updatedBy: row.updatedBy, updatedAt: toIso(row.updatedAt) };
}
