import {
  type DatabaseServiceConfig,
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
} from '@masar/contracts/service-kit';
import { DEFAULT_MAX_PROPOSED_WEEKLY_HOURS, MAX_WEEKLY_HOURS, MIN_WEEKLY_HOURS } from '@masar/contracts';
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_RAMADAN_LOAD_FACTOR } from './learning-paths/planning/study-calendar';

function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** An unset or empty variable is "not configured". */
function optionalSetting<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const environmentSchema = databaseServiceEnvironmentSchema.extend({
  /** How long to wait for svc-courses to answer which courses a path may choose from. */
  COURSES_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(60000).default(5000),
  /** The most weekly hours a plan proposes to fit everything into 12 months. */
  MAX_PROPOSED_WEEKLY_HOURS: z.coerce.number().min(MIN_WEEKLY_HOURS).max(MAX_WEEKLY_HOURS).default(DEFAULT_MAX_PROPOSED_WEEKLY_HOURS),
  /** Share of the weekly hours planned during Ramadan: 0.5 halves the load, 1 plans it as any month. */
  RAMADAN_LOAD_FACTOR: z.coerce.number().gt(0).max(1).default(DEFAULT_RAMADAN_LOAD_FACTOR),
  /** The LRS's xAPI base (the address `statements` hangs off); unset or empty: no learning records are sent. */
  XAPI_LRS_ENDPOINT: optionalSetting(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })),
  XAPI_LRS_USERNAME: optionalSetting(z.string()),
  XAPI_LRS_PASSWORD: optionalSetting(z.string()),
  /** Who a statement names: the person's email (mbox) or their account on the platform (sso). */
  XAPI_ACTOR: z.enum(['email', 'sso'], { error: 'Must be email or sso' }).default('email'),
  /** Where Masar's activity, verb and account IRIs live; PUBLIC_ORIGIN by default. */
  XAPI_ACTIVITY_BASE_IRI: optionalSetting(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })),
  PUBLIC_ORIGIN: optionalSetting(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })),
  /** First wait before a statement the LRS did not take is sent again; it doubles each time. */
  XAPI_RETRY_DELAY_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /** Tries per statement: 20 tries from 5 s cover about a month of an LRS down. */
  XAPI_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
  /** How long one call to the LRS may take. */
  XAPI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /**
   * The LTI tool's RSA private key (PEM), the same as svc-gateway's: it signs the client assertion
   * that gets an access token for posting scores to an LMS. Unset or empty: no grade passback.
   */
  LTI_TOOL_PRIVATE_KEY: optionalSetting(z.string()),
  /** How long one call to an LMS's token or score endpoint may take. */
  LTI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  /** A score an LMS could not take is tried again after this, doubling each time up to an hour. */
  LTI_SCORE_RETRY_DELAY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** The learning-records queue (Bull) keeps its jobs here; used only with an LRS configured. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'Must be a redis:// or rediss:// URL' }).default('redis://127.0.0.1:6379'),
}).superRefine((values, context) => {
  if (values.LTI_TOOL_PRIVATE_KEY !== undefined && !isRsaPrivateKey(values.LTI_TOOL_PRIVATE_KEY.replace(/\\n/g, '\n'))) {
    context.addIssue({ code: 'custom', path: ['LTI_TOOL_PRIVATE_KEY'], message: 'Must be an RSA private key in PEM (the one svc-gateway signs with)' });
  }
  if (values.XAPI_LRS_ENDPOINT === undefined) return;
  for (const name of ['XAPI_LRS_USERNAME', 'XAPI_LRS_PASSWORD'] as const) {
    if (values[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'Required when XAPI_LRS_ENDPOINT is set' });
  }
});

/** Where the public site is when nothing says otherwise (`npm start`). */
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

/** Sending learning records to an LRS; null when none is configured. */
export interface XapiConfig {
  /** Ends with `/`, so `statements` resolves under it. */
  endpoint: string;
  username: string;
  password: string;
  actor: 'email' | 'sso';
  /** No trailing `/`. */
  activityBaseIri: string;
  retryDelayMs: number;
  maxAttempts: number;
  requestTimeoutMs: number;
  redisUrl: string;
}

export interface ProgressConfig extends DatabaseServiceConfig {
  coursesRequestTimeoutMs: number;
  maxProposedWeeklyHours: number;
  ramadanLoadFactor: number;
  xapi: XapiConfig | null;
  /** Grade passback to LMSs (LTI AGS); null without LTI_TOOL_PRIVATE_KEY. */
  ltiGrades: { toolPrivateKeyPem: string; requestTimeoutMs: number; retryDelayMs: number } | null;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProgressConfig {
  const values = parseServiceEnvironment('svc-progress', environmentSchema, env);
  return {
    ...serviceConfigOf(values),
    coursesRequestTimeoutMs: values.COURSES_REQUEST_TIMEOUT_MS,
    maxProposedWeeklyHours: values.MAX_PROPOSED_WEEKLY_HOURS,
    ramadanLoadFactor: values.RAMADAN_LOAD_FACTOR,
    xapi: xapiConfigOf(values),
    ltiGrades: values.LTI_TOOL_PRIVATE_KEY
      ? { toolPrivateKeyPem: values.LTI_TOOL_PRIVATE_KEY.replace(/\\n/g, '\n').trim(), requestTimeoutMs: values.LTI_REQUEST_TIMEOUT_MS, retryDelayMs: values.LTI_SCORE_RETRY_DELAY_MS }
      : null,
  };
}

function xapiConfigOf(values: z.infer<typeof environmentSchema>): XapiConfig | null {
  if (values.XAPI_LRS_ENDPOINT === undefined) return null;
  return {
    endpoint: values.XAPI_LRS_ENDPOINT.endsWith('/') ? values.XAPI_LRS_ENDPOINT : `${values.XAPI_LRS_ENDPOINT}/`,
    username: values.XAPI_LRS_USERNAME ?? '',
    password: values.XAPI_LRS_PASSWORD ?? '',
    actor: values.XAPI_ACTOR,
    activityBaseIri: (values.XAPI_ACTIVITY_BASE_IRI ?? values.PUBLIC_ORIGIN ?? DEFAULT_PUBLIC_ORIGIN).replace(/\/+$/, ''),
    retryDelayMs: values.XAPI_RETRY_DELAY_MS,
    maxAttempts: values.XAPI_MAX_ATTEMPTS,
    requestTimeoutMs: values.XAPI_REQUEST_TIMEOUT_MS,
    redisUrl: values.REDIS_URL,
  };
}

export const PROGRESS_CONFIG = Symbol('PROGRESS_CONFIG');
