import { describeValidationError } from '@masar/contracts';
import { z } from 'zod';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/masar';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environmentSchema = z.object({
  NATS_URL: z.url({ protocol: /^(nats|tls)$/, error: 'Must be a nats:// or tls:// URL' }).default('nats://127.0.0.1:4222'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// URL' })
    .default(DEFAULT_DATABASE_URL),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** How long to wait for svc-courses to answer which courses a path may choose from. */
  COURSES_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(60000).default(5000),
});

export interface ProgressConfig {
  natsUrl: string;
  databaseUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  coursesRequestTimeoutMs: number;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProgressConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`svc-progress configuration is invalid: ${describeValidationError(parsed.error)}`);
  }
  const values = parsed.data;
  return {
    natsUrl: values.NATS_URL,
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    coursesRequestTimeoutMs: values.COURSES_REQUEST_TIMEOUT_MS,
  };
}

export const PROGRESS_CONFIG = Symbol('PROGRESS_CONFIG');
