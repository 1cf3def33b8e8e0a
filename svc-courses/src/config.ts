import { describeValidationError } from '@masar/contracts';
import { join } from 'node:path';
import { z } from 'zod';

/** Next to the compiled seeder: the build copies `src/catalog/seed-data` to `dist/catalog/seed-data`. */
export const BUILT_IN_SEED_DIR = join(__dirname, 'catalog', 'seed-data');

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/masar';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environmentSchema = z.object({
  NATS_URL: z.url({ protocol: /^(nats|tls)$/, error: 'Must be a nats:// or tls:// URL' }).default('nats://127.0.0.1:4222'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// URL' })
    .default(DEFAULT_DATABASE_URL),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SEED_COURSE_CATALOG: z
    .enum(['true', 'false'], { error: 'Must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  COURSE_CATALOG_SEED_DIR: z.string().trim().min(1, { error: 'Must be a folder path' }).optional(),
});

export interface CoursesConfig {
  natsUrl: string;
  databaseUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Load the seed catalog in the background at boot (courses already there are left alone). */
  seedCourseCatalog: boolean;
  /** The folder holding `internal/*.json` and `external/*.json`; the built-in catalog by default. */
  courseCatalogSeedDir: string;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): CoursesConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`svc-courses configuration is invalid: ${describeValidationError(parsed.error)}`);
  }
  const values = parsed.data;
  return {
    natsUrl: values.NATS_URL,
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    seedCourseCatalog: values.SEED_COURSE_CATALOG,
    courseCatalogSeedDir: values.COURSE_CATALOG_SEED_DIR ?? BUILT_IN_SEED_DIR,
  };
}

export const COURSES_CONFIG = Symbol('COURSES_CONFIG');
