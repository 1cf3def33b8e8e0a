import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
import { aiProviderSchema } from './ai';
import { looksBlank } from './prompts';
import { aiFeatureSchema } from './ai-features';

/*
 * AI governance: what HR and IT ask before they switch AI on. svc-ai owns it, because every AI
 * feature reaches a model through svc-ai: each call is logged there, refused there when its feature
 * is off, its caller is over budget or (a learner) has not accepted the AI-use notice.
 */


/** NATS subjects of AI governance, answered by svc-ai. Admin-only ones check the caller header again. */
export const AI_GOVERNANCE_SUBJECTS = {
  /** Admins: `aiCallQuerySchema` → `aiCallPageSchema`, newest first. */
  LIST_CALLS: 'ai.governance.calls.list',
  /** Admins: `{}` → `aiFeatureSettingsListSchema`. */
  LIST_FEATURES: 'ai.governance.features.list',
  /** Admins: `updateAiFeatureRequestSchema` → `aiFeatureSettingsSchema`. */
  UPDATE_FEATURE: 'ai.governance.features.update',
  /** Admins: `{}` → `aiBudgetsSchema` (with this month's use per person). */
  GET_BUDGETS: 'ai.governance.budgets.get',
  /** Admins: `updateAiBudgetsRequestSchema` → `aiBudgetsSchema`. */
  UPDATE_BUDGETS: 'ai.governance.budgets.update',
  /** Admins: `updateAiNoticeRequestSchema` → `aiNoticeSchema` (publishes a new version: learners accept it again). */
  UPDATE_NOTICE: 'ai.governance.notice.update',
  /** Anyone signed in: `{}` → `aiUseStatusSchema` for the caller. */
  MY_STATUS: 'ai.governance.me',
  /** Anyone signed in: `acceptAiNoticeRequestSchema` → `aiUseStatusSchema`; 409 when the version is not the current one. */
  ACCEPT_NOTICE: 'ai.governance.notice.accept',
  /**
   * The gateway asks before it starts AI work for the caller (a Ready AI course, a course from
   * documents): `aiAdmissionRequestSchema` → `aiAdmissionSchema`, or the refusal a model call would get.
   */
  ADMIT: 'ai.governance.admit',
} as const;

/* ---------------------------------------------------------------- Refusals (status codes and messages) */

// In a module without zod (ai-refusals.ts): the browser recognises them on every page, and importing
// them from here would bring this file's schemas along.
export {
  AI_FEATURE_NAMES_EN,
  AI_NO_BUDGET_MESSAGE,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_NOT_ACCEPTED_STATUS,
  AI_NOTICE_OUTDATED_MESSAGE,
  aiBudgetExceededMessage,
  aiFeatureOffMessage,
  aiProviderNotConfiguredMessage,
} from './ai-refusals';

/** The first instant (UTC) of the month after `now`: when every monthly budget starts again. */
export function nextBudgetReset(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/* ---------------------------------------------------------------- The call log */

export const AI_CALL_OUTCOMES = ['succeeded', 'failed', 'refused'] as const;
export const aiCallOutcomeSchema = z.enum(AI_CALL_OUTCOMES);
export type AiCallOutcome = z.infer<typeof aiCallOutcomeSchema>;

/** One AI call as the log keeps it: one request to an AI feature, however many model completions it took. */
export const aiCallSchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  /** Who asked; null for work Masar does for itself (reviewing the seeded catalog). */
  userId: z.uuid().nullable(),
  userRole: z.enum(['learner', 'admin']).nullable(),
  feature: aiFeatureSchema,
  provider: aiProviderSchema,
  /** The model that answered (`built-in` offline). */
  model: z.string(),
  /** The prompt template and its version the call used; null offline. */
  promptTemplate: z.string().nullable(),
  promptVersion: z.number().int().nullable(),
  /** Tokens the model counted (0 offline, where no model runs). */
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Characters in and out, for every provider (what the offline provider is measured by). */
  inputCharacters: z.number().int().nonnegative(),
  outputCharacters: z.number().int().nonnegative(),
  latencyMs: z.number().int().nonnegative(),
  outcome: aiCallOutcomeSchema,
  /** For a failed or refused call: its status code and message. */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  requestId: z.string().nullable(),
  /** Filled by the gateway from svc-identity for the admin report; svc-ai knows people by id only. */
  userName: z.string().nullable().optional(),
  userEmail: z.string().nullable().optional(),
});
export type AiCall = z.infer<typeof aiCallSchema>;

const optionalQueryText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(max).optional());

/** Filters of the call log (query string of the admin report and of its CSV export). */
export const aiCallFiltersSchema = z
  .object({
    from: z.preprocess((value) => (value === '' ? undefined : value), z.iso.date({ error: 'Give a date as YYYY-MM-DD' }).optional()),
    to: z.preprocess((value) => (value === '' ? undefined : value), z.iso.date({ error: 'Give a date as YYYY-MM-DD' }).optional()),
    feature: z.preprocess((value) => (value === '' ? undefined : value), aiFeatureSchema.optional()),
    provider: z.preprocess((value) => (value === '' ? undefined : value), aiProviderSchema.optional()),
    outcome: z.preprocess((value) => (value === '' ? undefined : value), aiCallOutcomeSchema.optional()),
    userId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid({ error: 'Not a user id' }).optional()),
    model: optionalQueryText(200),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    path: ['to'],
    error: 'The end date is before the start date',
  });
export type AiCallFilters = z.infer<typeof aiCallFiltersSchema>;

export const aiCallQuerySchema = z.intersection(aiCallFiltersSchema, paginationQuerySchema);
export type AiCallQuery = z.infer<typeof aiCallQuerySchema>;

/** A page of the log with the totals of every call the filters match (not only this page). */
export const aiCallPageSchema = paginatedSchema(aiCallSchema).extend({
  totals: z.object({
    calls: z.number().int().nonnegative(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    refused: z.number().int().nonnegative(),
  }),
});
export type AiCallPage = z.infer<typeof aiCallPageSchema>;

/** Most rows one CSV export holds; the report says to narrow the filters beyond it. */
export const MAX_AI_CALL_EXPORT_ROWS = 50_000;

/* ---------------------------------------------------------------- Features: on/off, provider, model */

export const aiFeatureSettingsSchema = z.object({
  feature: aiFeatureSchema,
  enabled: z.boolean(),
  provider: aiProviderSchema,
  /** A model name; null uses the prompt template's model (or OPENAI_MODEL). Meaningless offline. */
  model: z.string().nullable(),
  /** The model calls will use now (`built-in` offline). */
  effectiveModel: z.string(),
  updatedBy: z.uuid().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type AiFeatureSettings = z.infer<typeof aiFeatureSettingsSchema>;

export const aiFeatureSettingsListSchema = z.object({
  items: z.array(aiFeatureSettingsSchema),
  /** Whether an OpenAI-compatible endpoint is configured: without one, only `offline` can be chosen. */
  openaiConfigured: z.boolean(),
  /** OPENAI_MODEL: what a feature without a model of its own uses. */
  defaultModel: z.string(),
});
export type AiFeatureSettingsList = z.infer<typeof aiFeatureSettingsListSchema>;

/** A model name as OpenAI-compatible servers spell them (`gpt-4o-mini`, `llama3.1:8b`, `org/model`). */
const modelNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give a model name, or leave it empty to use the default' })
  .max(200, { error: 'A model name has at most 200 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/, { error: 'A model name has letters, digits and . _ : / @ + - only' });

export const updateAiFeatureRequestSchema = z.object({
  feature: aiFeatureSchema,
  enabled: z.boolean(),
  provider: aiProviderSchema,
  model: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), modelNameSchema.nullable()),
});
export type UpdateAiFeatureRequest = z.infer<typeof updateAiFeatureRequestSchema>;

/* ---------------------------------------------------------------- Monthly token budgets */

/** The most tokens a monthly budget may be set to (a billion: well above any real plan). */
export const MAX_MONTHLY_TOKEN_BUDGET = 1_000_000_000;
const monthlyTokensSchema = z
  .number({ error: 'Give a whole number of tokens' })
  .int({ error: 'Give a whole number of tokens' })
  .min(0, { error: 'A budget cannot be negative' })
  .max(MAX_MONTHLY_TOKEN_BUDGET, { error: 'A budget is at most 1,000,000,000 tokens' });

export const aiBudgetOverrideSchema = z.object({ userId: z.uuid({ error: 'Not a user id' }), monthlyTokens: monthlyTokensSchema });
/** Who a budget row is about, as the gateway fills it in from svc-identity for the admin screen. */
const personNames = { userName: z.string().nullable().optional(), userEmail: z.string().nullable().optional() };
export type AiBudgetOverride = z.infer<typeof aiBudgetOverrideSchema>;

export const aiBudgetsSchema = z.object({
  /** Tokens each person may use a month; null: no limit. */
  defaultMonthlyTokens: monthlyTokensSchema.nullable(),
  /** People with a budget of their own. */
  overrides: z.array(aiBudgetOverrideSchema.extend(personNames)),
  /** This month's use per person who used any tokens, most first, with the budget that applies to them. */
  usage: z.array(
    z.object({
      userId: z.uuid(),
      usedTokens: z.number().int().nonnegative(),
      calls: z.number().int().nonnegative(),
      monthlyTokens: z.number().int().nullable(),
      ...personNames,
    }),
  ),
  /** When this month's use starts again from zero. */
  resetsAt: z.iso.datetime(),
  updatedAt: z.iso.datetime().nullable(),
});
export type AiBudgets = z.infer<typeof aiBudgetsSchema>;

export const updateAiBudgetsRequestSchema = z
  .object({
    defaultMonthlyTokens: monthlyTokensSchema.nullable(),
    overrides: z.array(aiBudgetOverrideSchema).max(1000, { error: 'At most 1000 people can have a budget of their own' }),
  })
  .refine((request) => new Set(request.overrides.map((override) => override.userId)).size === request.overrides.length, {
    path: ['overrides'],
    error: 'A person appears twice in the budgets',
  });
export type UpdateAiBudgetsRequest = z.infer<typeof updateAiBudgetsRequestSchema>;

/* ---------------------------------------------------------------- The AI-use notice */

/*
 * An organisation's AI-use notice is in force once an admin publishes it (version 1 onwards); from then
 * on every learner accepts the current version before their next AI call. Until then nobody is asked:
 * the admin screen offers DEFAULT_AI_NOTICE to start from.
 */
export const DEFAULT_AI_NOTICE = {
  textEn:
    'Masar uses artificial intelligence to suggest skills from job descriptions, to write and improve course lessons, and to describe images. ' +
    'AI suggestions can be wrong or incomplete: review them before you rely on them. ' +
    'What you submit to an AI feature (job descriptions, documents, images) is processed to produce the result and is recorded in the AI usage log, with your name, the feature, the model and the amount used, which administrators can see. ' +
    'Do not submit personal data about others or confidential information that your organisation does not allow to be processed this way. ' +
    'Your organisation may set a monthly limit on your AI use.',
  textAr:
    'يستخدم مسار الذكاء الاصطناعي لاقتراح المهارات من الأوصاف الوظيفية، ولكتابة دروس الدورات وتحسينها، ولوصف الصور. ' +
    'قد تكون اقتراحات الذكاء الاصطناعي خاطئة أو ناقصة: راجعها قبل أن تعتمد عليها. ' +
    'ما ترسله إلى ميزة ذكاء اصطناعي (الأوصاف الوظيفية والمستندات والصور) يُعالَج لإنتاج النتيجة ويُسجَّل في سجل استخدام الذكاء الاصطناعي مع اسمك والميزة والنموذج والكمية المستخدمة، ويمكن للمسؤولين الاطلاع عليه. ' +
    'لا ترسل بيانات شخصية عن الآخرين ولا معلومات سرية لا تسمح مؤسستك بمعالجتها بهذه الطريقة. ' +
    'قد تضع مؤسستك حدًا شهريًا لاستخدامك للذكاء الاصطناعي.',
} as const;

export const MAX_AI_NOTICE_CHARACTERS = 5000;
/** Notice text that is blank to the eye (spaces, zero-width and direction marks) is refused. */
const noticeTextSchema = (language: string) =>
  z
    .string({ error: `Give the notice in ${language}` })
    .max(MAX_AI_NOTICE_CHARACTERS, { error: `The notice has at most ${MAX_AI_NOTICE_CHARACTERS} characters` })
    .refine((text) => !looksBlank(text), {
      error: `Give the notice in ${language}`,
    });

export const aiNoticeSchema = z.object({
  version: z.number().int().min(1),
  textEn: z.string(),
  textAr: z.string(),
  updatedBy: z.uuid().nullable(),
  updatedAt: z.iso.datetime(),
  /** Admins only: how many people have accepted this version. */
  acceptances: z.number().int().nonnegative().optional(),
});
export type AiNotice = z.infer<typeof aiNoticeSchema>;

export const updateAiNoticeRequestSchema = z.object({ textEn: noticeTextSchema('English'), textAr: noticeTextSchema('Arabic') });
export type UpdateAiNoticeRequest = z.infer<typeof updateAiNoticeRequestSchema>;

export const acceptAiNoticeRequestSchema = z.object({ version: z.number().int().min(1) });
export type AcceptAiNoticeRequest = z.infer<typeof acceptAiNoticeRequestSchema>;

/** What the caller may do with AI now: the notice and their acceptance, the features on, their budget. */
export const aiUseStatusSchema = z.object({
  /** The notice in force; null until an admin publishes one. */
  notice: aiNoticeSchema.nullable(),
  /** True for a learner who has not accepted the notice in force: their AI calls answer 428. Admins are not asked. */
  noticeRequired: z.boolean(),
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  enabledFeatures: z.array(aiFeatureSchema),
  budget: z.object({
    monthlyTokens: z.number().int().nullable(),
    usedTokens: z.number().int().nonnegative(),
    resetsAt: z.iso.datetime(),
  }),
});
export type AiUseStatus = z.infer<typeof aiUseStatusSchema>;

export const aiAdmissionRequestSchema = z.object({ feature: aiFeatureSchema });
export type AiAdmissionRequest = z.infer<typeof aiAdmissionRequestSchema>;
export const aiAdmissionSchema = z.object({ feature: aiFeatureSchema, admitted: z.literal(true) });
export type AiAdmission = z.infer<typeof aiAdmissionSchema>;
