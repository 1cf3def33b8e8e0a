import { DEFAULT_MAX_UPLOAD_BYTES, describeValidationError } from '@masar/contracts';
import { z } from 'zod';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/masar';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environmentSchema = z.object({
  NATS_URL: z.url({ protocol: /^(nats|tls)$/, error: 'Must be a nats:// or tls:// URL' }).default('nats://127.0.0.1:4222'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// URL' })
    .default(DEFAULT_DATABASE_URL),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  MAX_UPLOAD_BYTES: z.coerce
    .number({ error: 'Must be a whole number of bytes' })
    .int({ error: 'Must be a whole number of bytes' })
    .positive({ error: 'Must be a whole number of bytes' })
    .default(DEFAULT_MAX_UPLOAD_BYTES),
  // Below the gateway's extraction timeout, so a slow extractor is our 503 and not the gateway's silence.
  AI_REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'Must be a number of milliseconds' })
    .int({ error: 'Must be a number of milliseconds' })
    .min(100, { error: 'Must be at least 100 ms' })
    .max(120_000, { error: 'Must be at most 120000 ms' })
    .default(20_000),
  SEED_PREDEFINED_ROLES: z.enum(['true', 'false'], { error: 'Must be true or false' }).default('true'),
});

export interface JobsConfig {
  natsUrl: string;
  databaseUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Largest uploaded file svc-jobs reads (the gateway refuses larger ones first). */
  maxUploadBytes: number;
  /** How long a call to svc-ai's skill extractor may take before it counts as unavailable. */
  aiRequestTimeoutMs: number;
  /** Whether this instance makes sure the predefined roles' English postings exist, in the background. */
  seedPredefinedRoles: boolean;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`svc-jobs configuration is invalid: ${describeValidationError(parsed.error)}`);
  }
  const values = parsed.data;
  return {
    natsUrl: values.NATS_URL,
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    maxUploadBytes: values.MAX_UPLOAD_BYTES,
    aiRequestTimeoutMs: values.AI_REQUEST_TIMEOUT_MS,
    seedPredefinedRoles: values.SEED_PREDEFINED_ROLES === 'true',
  };
}

export const JOBS_CONFIG = Symbol('JOBS_CONFIG');
