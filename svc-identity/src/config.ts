import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const name = z.string().trim().min(1).max(100);
const password = z.string().min(6).max(256);

const environmentSchema = z.object({
  NATS_URL: z.url().default('nats://127.0.0.1:4222'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/masar'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  ADMIN_USERNAME: name.default('admin'),
  ADMIN_PASSWORD: password.default('admin123'),
  ADMIN_FIRST_NAME: name.default('Amal'),
  ADMIN_LAST_NAME: name.default('Haddad'),
  ADMIN_EMAIL: z.email().default('admin@masar.local'),
  DEMO_USERNAME: name.default('demo'),
  DEMO_PASSWORD: password.default('demo123'),
  DEMO_FIRST_NAME: name.default('Demo'),
  DEMO_LAST_NAME: name.default('Learner'),
  DEMO_EMAIL: z.email().default('demo@masar.local'),
});

export interface SeededAccount {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface IdentityConfig {
  natsUrl: string;
  databaseUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  admin: SeededAccount;
  demo: SeededAccount;
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`svc-identity configuration is invalid: ${problems}`);
  }
  const values = parsed.data;
  return {
    natsUrl: values.NATS_URL,
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    admin: {
      username: values.ADMIN_USERNAME,
      password: values.ADMIN_PASSWORD,
      firstName: values.ADMIN_FIRST_NAME,
      lastName: values.ADMIN_LAST_NAME,
      email: values.ADMIN_EMAIL,
    },
    demo: {
      username: values.DEMO_USERNAME,
      password: values.DEMO_PASSWORD,
      firstName: values.DEMO_FIRST_NAME,
      lastName: values.DEMO_LAST_NAME,
      email: values.DEMO_EMAIL,
    },
  };
}

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
