import { DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';
import { join } from 'node:path';
import {
  type DatabaseServiceConfig,
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
} from '@masar/contracts/service-kit';
import { z } from 'zod';

/** Next to the compiled seeder: the build copies `src/catalog/seed-data` to `dist/catalog/seed-data`. */
export const BUILT_IN_SEED_DIR = join(__dirname, 'catalog', 'seed-data');

const environmentSchema = databaseServiceEnvironmentSchema.extend({
  SEED_COURSE_CATALOG: z
    .enum(['true', 'false'], { error: 'Must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  COURSE_CATALOG_SEED_DIR: z.string().trim().min(1, { error: 'Must be a folder path' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'Must be a redis:// or rediss:// URL' }).default('redis://127.0.0.1:6379'),
  COURSE_AI_TIMEOUT_MS: z.coerce
    .number({ error: 'Must be a number of milliseconds' })
    .int({ error: 'Must be a whole number of milliseconds' })
    .min(1000, { error: 'Must be at least 1000' })
    .max(600_000, { error: 'Must be at most 600000' })
    .default(60_000),
  MAX_UPLOAD_BYTES: z.coerce
    .number({ error: 'Must be a number of bytes' })
    .int({ error: 'Must be a whole number of bytes' })
    .min(1024, { error: 'Must be at least 1024' })
    .max(100 * 1024 * 1024, { error: 'Must be at most 104857600' })
    .default(DEFAULT_MAX_UPLOAD_BYTES),
  COURSE_CREATION_CONCURRENCY: z.coerce
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number' })
    .min(1, { error: 'Must be at least 1' })
    .max(16, { error: 'Must be at most 16' })
    .default(2),
  // Step-wise agent tasks (Ready AI, quality review, enhancement) mostly wait on svc-ai, so more run at once.
  AGENT_TASK_CONCURRENCY: z.coerce
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number' })
    .min(1, { error: 'Must be at least 1' })
    .max(64, { error: 'Must be at most 64' })
    .default(20),
});

export interface CoursesConfig extends DatabaseServiceConfig {
  /** Load the seed catalog in the background at boot (courses already there are left alone). */
  seedCourseCatalog: boolean;
  /** The folder holding `internal/*.json` and `external/*.json`; the built-in catalog by default. */
  courseCatalogSeedDir: string;
  /** Where the creation-task queue (Bull) keeps its jobs. */
  redisUrl: string;
  /** Wait for svc-ai (skills and lesson writing; an LLM may take a while). */
  aiRequestTimeoutMs: number;
  /** Largest course material file, as the gateway enforces it. */
  maxUploadBytes: number;
  /** Creation tasks one instance works on at once. */
  courseCreationConcurrency: number;
  /** Step-wise agent task runs one instance works on at once. */
  agentTaskConcurrency: number;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): CoursesConfig {
  const values = parseServiceEnvironment('svc-courses', environmentSchema, env);
  return {
    ...serviceConfigOf(values),
    seedCourseCatalog: values.SEED_COURSE_CATALOG,
    courseCatalogSeedDir: values.COURSE_CATALOG_SEED_DIR ?? BUILT_IN_SEED_DIR,
    redisUrl: values.REDIS_URL,
    aiRequestTimeoutMs: values.COURSE_AI_TIMEOUT_MS,
    maxUploadBytes: values.MAX_UPLOAD_BYTES,
    courseCreationConcurrency: values.COURSE_CREATION_CONCURRENCY,
    agentTaskConcurrency: values.AGENT_TASK_CONCURRENCY,
  };
}

export const COURSES_CONFIG = Symbol('COURSES_CONFIG');
