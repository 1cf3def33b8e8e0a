import { describeValidationError } from '../errors';
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/masar';

/** One rule for every process: NATS is reached over nats:// or tls://, nothing else. */
export const natsUrlSchema = z
  .url({ protocol: /^(nats|tls)$/, error: 'Must be a nats:// or tls:// URL' })
  .default(DEFAULT_NATS_URL);

export const databaseUrlSchema = z
  .url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// URL' })
  .default(DEFAULT_DATABASE_URL);

export const logLevelSchema = z.enum(LOG_LEVELS).default('info');

/** Where the process answers /livez and /readyz over HTTP (deploy/k8s probes it; 0 picks a free port); unset, it opens no port. */
export const probePortSchema = z.coerce
  .number({ error: 'Must be a port number' })
  .int({ error: 'Must be a port number' })
  .min(0, { error: 'Must be a port number' })
  .max(65535, { error: 'Must be a port number' })
  .optional();

/**
 * The variables every service reads. A service's `config.ts` extends this with its own
 * (`serviceEnvironmentSchema.extend({...})`) and still validates its whole environment at boot.
 */
export const serviceEnvironmentSchema = z.object({ NATS_URL: natsUrlSchema, LOG_LEVEL: logLevelSchema, PROBE_PORT: probePortSchema });

/** The same for a service that owns a Postgres schema. */
export const databaseServiceEnvironmentSchema = serviceEnvironmentSchema.extend({ DATABASE_URL: databaseUrlSchema });

export interface ServiceConfig {
  natsUrl: string;
  logLevel: LogLevel;
  /** The HTTP port of /livez and /readyz; none without it. */
  probePort?: number;
}

export interface DatabaseServiceConfig extends ServiceConfig {
  databaseUrl: string;
}

/**
 * Reads and checks `env` against a service's schema; a bad variable stops the process with a
 * message naming it: "svc-jobs configuration is invalid: NATS_URL: Must be a nats:// or tls:// URL".
 */
export function parseServiceEnvironment<TSchema extends z.ZodType>(
  processName: string,
  schema: TSchema,
  env: NodeJS.ProcessEnv,
): z.infer<TSchema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`${processName} configuration is invalid: ${describeValidationError(parsed.error)}`);
  }
  return parsed.data;
}

/** The common part of a service's configuration, from its parsed environment. */
interface CommonServiceValues {
  NATS_URL: string;
  LOG_LEVEL: LogLevel;
  PROBE_PORT?: number;
}

export function serviceConfigOf(values: CommonServiceValues & { DATABASE_URL: string }): DatabaseServiceConfig;
export function serviceConfigOf(values: CommonServiceValues): ServiceConfig;
export function serviceConfigOf(values: CommonServiceValues & { DATABASE_URL?: string }): ServiceConfig | DatabaseServiceConfig {
  const common: ServiceConfig = {
    natsUrl: values.NATS_URL,
    logLevel: values.LOG_LEVEL,
    ...(values.PROBE_PORT === undefined ? {} : { probePort: values.PROBE_PORT }),
  };
  return values.DATABASE_URL === undefined ? common : { ...common, databaseUrl: values.DATABASE_URL };
}
