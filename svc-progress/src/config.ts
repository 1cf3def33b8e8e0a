import {
  type DatabaseServiceConfig,
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
} from '@masar/contracts/service-kit';
import { z } from 'zod';

const environmentSchema = databaseServiceEnvironmentSchema.extend({
  /** How long to wait for svc-courses to answer which courses a path may choose from. */
  COURSES_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(60000).default(5000),
});

export interface ProgressConfig extends DatabaseServiceConfig {
  coursesRequestTimeoutMs: number;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProgressConfig {
  const values = parseServiceEnvironment('svc-progress', environmentSchema, env);
  return {
    ...serviceConfigOf(values),
    coursesRequestTimeoutMs: values.COURSES_REQUEST_TIMEOUT_MS,
  };
}

export const PROGRESS_CONFIG = Symbol('PROGRESS_CONFIG');
