import {
  type DatabaseServiceConfig,
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
} from '@masar/contracts/service-kit';
import { DEFAULT_MAX_PROPOSED_WEEKLY_HOURS, MAX_WEEKLY_HOURS, MIN_WEEKLY_HOURS } from '@masar/contracts';
import { z } from 'zod';
import { DEFAULT_RAMADAN_LOAD_FACTOR } from './learning-paths/planning/study-calendar';

const environmentSchema = databaseServiceEnvironmentSchema.extend({
  /** How long to wait for svc-courses to answer which courses a path may choose from. */
  COURSES_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(60000).default(5000),
  /** The most weekly hours a plan proposes to fit everything into 12 months. */
  MAX_PROPOSED_WEEKLY_HOURS: z.coerce.number().min(MIN_WEEKLY_HOURS).max(MAX_WEEKLY_HOURS).default(DEFAULT_MAX_PROPOSED_WEEKLY_HOURS),
  /** Share of the weekly hours planned during Ramadan: 0.5 halves the load, 1 plans it as any month. */
  RAMADAN_LOAD_FACTOR: z.coerce.number().gt(0).max(1).default(DEFAULT_RAMADAN_LOAD_FACTOR),
});

export interface ProgressConfig extends DatabaseServiceConfig {
  coursesRequestTimeoutMs: number;
  maxProposedWeeklyHours: number;
  ramadanLoadFactor: number;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProgressConfig {
  const values = parseServiceEnvironment('svc-progress', environmentSchema, env);
  return {
    ...serviceConfigOf(values),
    coursesRequestTimeoutMs: values.COURSES_REQUEST_TIMEOUT_MS,
    maxProposedWeeklyHours: values.MAX_PROPOSED_WEEKLY_HOURS,
    ramadanLoadFactor: values.RAMADAN_LOAD_FACTOR,
  };
}

export const PROGRESS_CONFIG = Symbol('PROGRESS_CONFIG');
