import { AI_PROVIDERS, AiProvider, describeValidationError } from '@masar/contracts';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environmentSchema = z.object({
  NATS_URL: z.url({ protocol: /^(nats|tls)$/, error: 'Must be a nats:// or tls:// URL' }).default('nats://127.0.0.1:4222'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  AI_PROVIDER: z.enum(AI_PROVIDERS).default('offline'),
});

export interface AiConfig {
  natsUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Which model backend AI features use: the built-in offline one unless configured otherwise. */
  provider: AiProvider;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AiConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`svc-ai configuration is invalid: ${describeValidationError(parsed.error)}`);
  }
  const values = parsed.data;
  return { natsUrl: values.NATS_URL, logLevel: values.LOG_LEVEL, provider: values.AI_PROVIDER };
}

export const AI_CONFIG = Symbol('AI_CONFIG');
