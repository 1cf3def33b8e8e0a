import { DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';
import {
  type DatabaseServiceConfig,
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
} from '@masar/contracts/service-kit';
import { z } from 'zod';

const environmentSchema = databaseServiceEnvironmentSchema.extend({
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

export interface JobsConfig extends DatabaseServiceConfig {
  /** Largest uploaded file svc-jobs reads (the gateway refuses larger ones first). */
  maxUploadBytes: number;
  /** How long a call to svc-ai's skill extractor may take before it counts as unavailable. */
  aiRequestTimeoutMs: number;
  /** Whether this instance makes sure the predefined roles' English postings exist, in the background. */
  seedPredefinedRoles: boolean;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  const values = parseServiceEnvironment('svc-jobs', environmentSchema, env);
  return {
    ...serviceConfigOf(values),
    maxUploadBytes: values.MAX_UPLOAD_BYTES,
    aiRequestTimeoutMs: values.AI_REQUEST_TIMEOUT_MS,
    seedPredefinedRoles: values.SEED_PREDEFINED_ROLES === 'true',
  };
}

export const JOBS_CONFIG = Symbol('JOBS_CONFIG');
