import { z } from 'zod';

/**
 * Prompt templates (spec 001 sections 3, 5, 8, 9): every LLM call in svc-ai reads its system prompt,
 * model, temperature and max tokens from one of these. Admins edit them; every save and restore keeps
 * a version. Placeholders are `{name}`; a name must be one of the template's declared parameters.
 */

/** The templates svc-ai seeds with today's built-in prompts. Never rename one without a migration. */
export const PROMPT_TEMPLATE_NAMES = {
  SKILL_EXTRACTION: 'skill-extraction',
  LESSON_COMPOSITION: 'lesson-composition',
  IMAGE_DESCRIPTION: 'image-description',
  QUALITY_FACT_CHECK: 'quality-fact-check',
  SEARCH_ANSWER: 'search-answer',
  HELPER_SUMMARIZE: 'helper-summarize',
  HELPER_QUIZ: 'helper-quiz',
  HELPER_DEEP_ANALYSIS: 'helper-deep-analysis',
  HELPER_CREATIVE_SCENARIOS: 'helper-creative-scenarios',
  HELPER_VISUAL_EXPLANATION: 'helper-visual-explanation',
  HELPER_PRACTICAL_EXERCISES: 'helper-practical-exercises',
  LESSON_ILLUSTRATION: 'lesson-illustration',
  /** Adds the short-vowel marks to Arabic lesson text before the offline voice reads it. */
  ARABIC_DIACRITICS: 'arabic-diacritics',
  /** Feedback on a learner's exercise submission: what it covers and what seems missing. */
  EXERCISE_FEEDBACK: 'exercise-feedback',
} as const;
export type PromptTemplateName = (typeof PROMPT_TEMPLATE_NAMES)[keyof typeof PROMPT_TEMPLATE_NAMES];

/** `model` of a template that uses whatever OPENAI_MODEL svc-ai is configured with. */
export const DEFAULT_PROMPT_MODEL = 'default';

/**
 * Most output tokens a model may be asked for (its completion limit, not its context window), for the
 * models Masar is tried with. A model not listed gets DEFAULT_MODEL_OUTPUT_TOKEN_LIMIT: low enough that
 * any current chat model accepts it; list a model here to allow more.
 */
export const MODEL_OUTPUT_TOKEN_LIMITS: Readonly<Record<string, number>> = {
  'gpt-4o-mini': 16_384,
  'gpt-4o': 16_384,
  'gpt-4.1': 32_768,
  'gpt-4.1-mini': 32_768,
  'gpt-4.1-nano': 32_768,
  'gpt-4-turbo': 4_096,
  'gpt-3.5-turbo': 4_096,
};
export const DEFAULT_MODEL_OUTPUT_TOKEN_LIMIT = 4_096;

/** The output token limit of a model name (dated snapshots such as `gpt-4o-2024-08-06` count as their family). */
export function modelOutputTokenLimit(model: string): number {
  const name = model.trim().toLowerCase();
  const family = Object.keys(MODEL_OUTPUT_TOKEN_LIMITS)
    .filter((known) => name === known || name.startsWith(`${known}-20`))
    .sort((a, b) => b.length - a.length)[0];
  return family === undefined ? DEFAULT_MODEL_OUTPUT_TOKEN_LIMIT : MODEL_OUTPUT_TOKEN_LIMITS[family];
}

export const PROMPT_TEXT_MAX_CHARACTERS = 20_000;
export const PROMPT_DESCRIPTION_MAX_CHARACTERS = 1_000;
export const PROMPT_TEMPERATURE_MIN = 0;
export const PROMPT_TEMPERATURE_MAX = 2;

/** A `{name}` placeholder: a name is letters, digits and underscores, not starting with a digit. JSON such as `{"a": 1}` is not one. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The distinct placeholder names of a prompt, in order of first use. */
export function placeholdersIn(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

/** Fills each `{name}` with its value; a missing (or blank) value is shown as `[name]` (spec section 9). */
export function renderPromptPreview(prompt: string, values: Readonly<Record<string, string | undefined>>): string {
  return prompt.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined || value.trim() === '' ? `[${name}]` : value;
  });
}

/** Sample values the editor's preview starts with, one per parameter a built-in template declares. */
export const PROMPT_PARAMETER_SAMPLES: Readonly<Record<string, string>> = {
  language: 'en',
  languageName: 'English',
  lessonType: 'reading',
  sourceCount: '2',
  mediaType: 'image/png',
};

/** Whitespace and the characters that show nothing (zero-width, joiners, soft hyphen, BOM). */
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** True when a person would see nothing: empty, spaces, NBSP, zero-width or direction marks only. */
export function looksBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** What is wrong with a temperature typed as text (spec: free text), or undefined when it is fine. */
export function temperatureProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'Temperature is required';
  if (!DECIMAL.test(trimmed)) return 'Temperature must be a number, such as 0.7';
  const value = Number(trimmed);
  if (value < PROMPT_TEMPERATURE_MIN || value > PROMPT_TEMPERATURE_MAX) return 'Temperature must be from 0 to 2';
  return undefined;
}

/** What is wrong with max tokens for a model allowing `limit`, or undefined when it is fine. */
export function maxTokensProblem(value: number, limit: number, model: string): string | undefined {
  if (!Number.isInteger(value)) return 'Max tokens must be a whole number';
  if (value < 1) return 'Max tokens must be at least 1';
  if (value > limit) return `Max tokens must be at most ${limit} for ${model}`;
  return undefined;
}

/** What is wrong with a prompt's placeholders given the declared parameters, or undefined. */
export function undeclaredPlaceholderProblem(prompt: string, parameters: readonly string[]): string | undefined {
  const undeclared = placeholdersIn(prompt).filter((name) => !parameters.includes(name));
  if (undeclared.length === 0) return undefined;
  const named = undeclared.map((name) => `{${name}}`).join(', ');
  const declared = parameters.length === 0 ? 'this prompt takes no parameters' : `declared: ${parameters.join(', ')}`;
  return undeclared.length === 1
    ? `The placeholder ${named} is not a declared parameter (${declared})`
    : `The placeholders ${named} are not declared parameters (${declared})`;
}

const promptTextSchema = z
  .string({ error: 'Prompt is required' })
  .max(PROMPT_TEXT_MAX_CHARACTERS, { error: `Prompt must be at most ${PROMPT_TEXT_MAX_CHARACTERS} characters` })
  .refine((text) => !looksBlank(text), { error: 'Prompt is required' });

const descriptionSchema = z
  .string({ error: 'Description is required' })
  .max(PROMPT_DESCRIPTION_MAX_CHARACTERS, { error: `Description must be at most ${PROMPT_DESCRIPTION_MAX_CHARACTERS} characters` })
  .transform((text) => text.trim());

/** Temperature is text (spec section 3); a JSON number is read as its text. */
const temperatureSchema = z
  .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string({ error: 'Temperature is required' }).max(20, { error: 'Temperature must be a number, such as 0.7' }))
  .superRefine((text, context) => {
    const problem = temperatureProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => text.trim());

/** maxTokens is a whole number; digits sent as text are read as the number (spec: "parsed as an integer"). */
const maxTokensSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Max tokens must be a whole number' })
    .int({ error: 'Max tokens must be a whole number' })
    .min(1, { error: 'Max tokens must be at least 1' }),
);

/**
 * `PUT /api/prompts/:id`: what an admin may change. The checks that need the template (its model's
 * token limit, its declared parameters) are `promptEditSchemaFor`'s.
 */
export const updatePromptRequestSchema = z
  .object({
    prompt: promptTextSchema,
    description: descriptionSchema,
    temperature: temperatureSchema,
    maxTokens: maxTokensSchema,
  })
  .strict();
export type UpdatePromptRequest = z.infer<typeof updatePromptRequestSchema>;
export type UpdatePromptInput = z.input<typeof updatePromptRequestSchema>;

/** What the template-specific checks need to know about the template being edited. */
export interface PromptEditContext {
  parameters: readonly string[];
  /** The model the template resolves to (OPENAI_MODEL for `default`) and its output token limit. */
  effectiveModel: string;
  maxTokensLimit: number;
}

/** The whole edit check for one template: shared by the editor (inline messages) and svc-ai (400s). */
export function promptEditSchemaFor(template: PromptEditContext) {
  return updatePromptRequestSchema.superRefine((edit, context) => {
    // The field's own checks have run (zod goes on after a refinement fails): only the model's limit is left.
    if (edit.maxTokens > template.maxTokensLimit) {
      const tokens = maxTokensProblem(edit.maxTokens, template.maxTokensLimit, template.effectiveModel);
      if (tokens) context.addIssue({ code: 'custom', path: ['maxTokens'], message: tokens });
    }
    const placeholders = undeclaredPlaceholderProblem(edit.prompt, template.parameters);
    if (placeholders) context.addIssue({ code: 'custom', path: ['prompt'], message: placeholders });
  });
}

/** The fields of a template an edit (or a restore) can change, in the order a version lists them. */
export const PROMPT_EDITABLE_FIELDS = ['prompt', 'description', 'temperature', 'maxTokens'] as const;
export type PromptEditableField = (typeof PROMPT_EDITABLE_FIELDS)[number];

const isoTimestamp = z.string();

export const promptTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  category: z.string(),
  /** A model name, or `default` for svc-ai's configured OPENAI_MODEL. */
  model: z.string(),
  /** The model calls actually use (`model`, or OPENAI_MODEL for `default`). */
  effectiveModel: z.string(),
  /** The most max tokens `effectiveModel` allows (MODEL_OUTPUT_TOKEN_LIMITS). */
  maxTokensLimit: z.number().int().positive(),
  temperature: z.string(),
  maxTokens: z.number().int().positive(),
  description: z.string(),
  prompt: z.string(),
  parameters: z.array(z.string()),
  version: z.number().int().positive(),
  /** Who saved the current version; null for the built-in default. */
  updatedBy: z.uuid().nullable(),
  updatedAt: isoTimestamp,
});
export type PromptTemplate = z.infer<typeof promptTemplateSchema>;

export const promptTemplateListSchema = z.object({ items: z.array(promptTemplateSchema) });
export type PromptTemplateList = z.infer<typeof promptTemplateListSchema>;

export const promptTemplateVersionSchema = z.object({
  templateId: z.uuid(),
  version: z.number().int().positive(),
  prompt: z.string(),
  description: z.string(),
  temperature: z.string(),
  maxTokens: z.number().int().positive(),
  model: z.string(),
  /** Who made this version; null for the built-in default. */
  changedBy: z.uuid().nullable(),
  changedAt: isoTimestamp,
  /** The fields that differ from the version before (empty for the first, or a save that changed nothing). */
  changes: z.array(z.enum(PROMPT_EDITABLE_FIELDS)),
  /** The version this one restored, or null for a save. */
  restoredFrom: z.number().int().positive().nullable(),
});
export type PromptTemplateVersion = z.infer<typeof promptTemplateVersionSchema>;

/** Newest first. */
export const promptTemplateVersionListSchema = z.object({ items: z.array(promptTemplateVersionSchema) });
export type PromptTemplateVersionList = z.infer<typeof promptTemplateVersionListSchema>;

/**
 * `GET /api/prompts/:id/versions`: svc-ai's list with the name of whoever made each version, which
 * the gateway reads from svc-identity (null for the built-in default or a person no longer there).
 */
export const promptVersionHistorySchema = z.object({
  items: z.array(promptTemplateVersionSchema.extend({ changedByName: z.string().nullable() })),
});
export type PromptVersionHistory = z.infer<typeof promptVersionHistorySchema>;
export type PromptVersionEntry = PromptVersionHistory['items'][number];

/** What svc-ai and the gateway answer for a template that does not exist (spec section 8). */
export const PROMPT_NOT_FOUND_MESSAGE = 'Prompt not found';

/** `ai.prompts.get`: one template, by its name or by its id. */
export const getPromptRequestSchema = z.union([
  z.object({ id: z.uuid() }).strict(),
  z.object({ name: z.string().min(1).max(200) }).strict(),
]);
export type GetPromptRequest = z.infer<typeof getPromptRequestSchema>;

/** `ai.prompts.update`: the template's id and the admin's edit; the admin is the caller header. */
export const updatePromptMessageSchema = z.object({ id: z.uuid(), changes: updatePromptRequestSchema });
export type UpdatePromptMessage = z.infer<typeof updatePromptMessageSchema>;

/** `ai.prompts.versions`. */
export const promptIdRequestSchema = z.object({ id: z.uuid() });
export type PromptIdRequest = z.infer<typeof promptIdRequestSchema>;

/** `ai.prompts.restore`: makes a new version equal to `version`. */
export const restorePromptMessageSchema = z.object({
  id: z.uuid(),
  version: z.coerce.number({ error: 'version must be a version number' }).int({ error: 'version must be a version number' }).positive({ error: 'version must be a version number' }),
});
export type RestorePromptMessage = z.infer<typeof restorePromptMessageSchema>;

/** The HTTP paths of the editor's calls (under `/api`). */
export const PROMPTS_PATH = '/prompts';
export const promptPath = (idOrName: string): string => `${PROMPTS_PATH}/${encodeURIComponent(idOrName)}`;
export const promptVersionsPath = (id: string): string => `${promptPath(id)}/versions`;
export const restorePromptVersionPath = (id: string, version: number): string => `${promptVersionsPath(id)}/${version}/restore`;
