import { AI_PROVIDERS, AiProvider } from '@masar/contracts';
import {
  type DatabaseServiceConfig,
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
} from '@masar/contracts/service-kit';
import { z } from 'zod';

/** An unset variable and an empty one (`OPENAI_API_KEY=` in a .env file) mean the same: not configured. */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).optional());

const environmentSchema = databaseServiceEnvironmentSchema
  .extend({
    AI_PROVIDER: z.preprocess((value) => (value === '' ? undefined : value), z.enum(AI_PROVIDERS).optional()),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' }).optional(),
    ),
    OPENAI_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).default('gpt-4o-mini')),
    /** Whether the chat model reads images (a vision model): exercise feedback then sends attached pictures to it. */
    OPENAI_VISION: z.preprocess((value) => (value === '' ? undefined : value), z.stringbool({ error: 'Must be true or false' }).default(false)),
    OPENAI_SPEECH_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).default('tts-1')),
    OPENAI_SPEECH_VOICE: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).default('alloy')),
    OPENAI_IMAGE_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).default('gpt-image-1')),
    OPENAI_IMAGE_SIZE: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().regex(/^\d{3,4}x\d{3,4}$/, 'Must be WIDTHxHEIGHT, e.g. 1536x1024').default('1536x1024')),
    OPENAI_EMBEDDING_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).default('text-embedding-3-small')),
    OPENAI_EMBEDDING_TIMEOUT_MS: z.coerce
      .number({ error: 'Must be a whole number of milliseconds' })
      .int({ error: 'Must be a whole number of milliseconds' })
      .min(100, { error: 'Must be at least 100 ms' })
      .max(10_000, { error: 'Must be at most 10000 ms: search waits for it' })
      .default(1500),
    SEARCH_EMBEDDINGS_RETENTION_DAYS: z.coerce
      .number({ error: 'Must be a whole number of days' })
      .int({ error: 'Must be a whole number of days' })
      .min(1, { error: 'Must be at least 1 day' })
      .max(3650, { error: 'Must be at most 3650 days' })
      .default(30),
    SEARCH_EMBEDDINGS_PRUNE_INTERVAL_MINUTES: z.coerce
      .number({ error: 'Must be a whole number of minutes' })
      .int({ error: 'Must be a whole number of minutes' })
      .min(1, { error: 'Must be at least 1 minute' })
      .max(10_080, { error: 'Must be at most 10080 minutes (a week)' })
      .default(60),
    OPENAI_TIMEOUT_MS: z.coerce
      .number({ error: 'Must be a whole number of milliseconds' })
      .int({ error: 'Must be a whole number of milliseconds' })
      .min(100, { error: 'Must be at least 100 ms' })
      .max(600_000, { error: 'Must be at most 600000 ms' })
      .default(30_000),
    OPENAI_MAX_RETRIES: z.coerce
      .number({ error: 'Must be a whole number from 0 to 10' })
      .int({ error: 'Must be a whole number from 0 to 10' })
      .min(0, { error: 'Must be a whole number from 0 to 10' })
      .max(10, { error: 'Must be a whole number from 0 to 10' })
      .default(2),
  })
  .superRefine((values, context) => {
    if (values.AI_PROVIDER === 'openai' && values.OPENAI_API_KEY === undefined) {
      context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'Required when AI_PROVIDER is openai' });
    }
  });

export interface OpenAiConfig {
  /** Secret: never logged. Absent when the offline provider is used. */
  apiKey?: string;
  /** An OpenAI-compatible endpoint; the SDK's default (api.openai.com) when absent. */
  baseUrl?: string;
  model: string;
  /** The chat model accepts images (`OPENAI_VISION`): exercise feedback sends attached pictures as image inputs. */
  vision: boolean;
  /** Per attempt; a request takes at most (maxRetries + 1) × timeoutMs. */
  timeoutMs: number;
  maxRetries: number;
}

/** svc-ai keeps the prompt templates in its own schema, `ai`. */
export interface AiConfig extends DatabaseServiceConfig {
  /**
   * Which model backend AI features use: `AI_PROVIDER` when set; otherwise OpenAI when an API key
   * is configured, the built-in offline provider when not.
   */
  provider: AiProvider;
  openai: OpenAiConfig;
  /** Lesson narration's model and voice on the OpenAI-compatible speech API (`audio.speech.create`). */
  speech: { model: string; voice: string };
  /** Lesson illustrations' model and picture size on the OpenAI-compatible images API. */
  images: { model: string; size: string };
  /**
   * Course search's optional embeddings signal (`/v1/embeddings`): its model, and one short attempt
   * (no retries), since a search waits for it and ranks by full text alone when it does not answer.
   */
  embeddings: {
    model: string;
    timeoutMs: number;
    /** A cached vector no search has read for this many days leaves the cache (its text changed, went, or is not searched). */
    retentionDays: number;
    /** How often the cache is pruned. */
    pruneIntervalMinutes: number;
  };
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AiConfig {
  const values = parseServiceEnvironment('svc-ai', environmentSchema, env);
  return {
    ...serviceConfigOf(values),
    provider: values.AI_PROVIDER ?? (values.OPENAI_API_KEY !== undefined ? 'openai' : 'offline'),
    openai: {
      apiKey: values.OPENAI_API_KEY,
      baseUrl: values.OPENAI_BASE_URL,
      model: values.OPENAI_MODEL,
      vision: values.OPENAI_VISION,
      timeoutMs: values.OPENAI_TIMEOUT_MS,
      maxRetries: values.OPENAI_MAX_RETRIES,
    },
    speech: { model: values.OPENAI_SPEECH_MODEL, voice: values.OPENAI_SPEECH_VOICE },
    images: { model: values.OPENAI_IMAGE_MODEL, size: values.OPENAI_IMAGE_SIZE },
    embeddings: {
      model: values.OPENAI_EMBEDDING_MODEL,
      timeoutMs: values.OPENAI_EMBEDDING_TIMEOUT_MS,
      retentionDays: values.SEARCH_EMBEDDINGS_RETENTION_DAYS,
      pruneIntervalMinutes: values.SEARCH_EMBEDDINGS_PRUNE_INTERVAL_MINUTES,
    },
  };
}

export const AI_CONFIG = Symbol('AI_CONFIG');
