import {
  type DatabaseServiceConfig,
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
} from '@masar/contracts/service-kit';
import { z } from 'zod';
import { generatePassword } from './users/password-policy';

const name = z.string().trim().min(1).max(100);
const password = z.string().min(6).max(256);

/** The development defaults, committed in this repository: never an admin's password in production. */
const KNOWN_PASSWORDS = ['admin123', 'demo123'];
const PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH = 12;
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

const environmentSchema = databaseServiceEnvironmentSchema.extend({
  NODE_ENV: z.string().default('development'),
  ADMIN_USERNAME: name.default('admin'),
  // Empty is unset (docker-compose passes `${ADMIN_PASSWORD:-}`): in production one is then generated.
  ADMIN_PASSWORD: z.preprocess((value) => (value === '' ? undefined : value), password.optional()),
  ADMIN_FIRST_NAME: name.default('Amal'),
  ADMIN_LAST_NAME: name.default('Haddad'),
  ADMIN_EMAIL: z.email().default('admin@masar.local'),
  DEMO_USERNAME: name.default('demo'),
  DEMO_PASSWORD: password.default('demo123'),
  DEMO_FIRST_NAME: name.default('Demo'),
  DEMO_LAST_NAME: name.default('Learner'),
  DEMO_EMAIL: z.email().default('demo@masar.local'),
  /** Whether to create the demo learner; by default yes, except in production. */
  SEED_DEMO_LEARNER: booleanFlag.optional(),
});

export interface SeededAccount {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface SeededAdmin extends SeededAccount {
  /** True when no ADMIN_PASSWORD was given in production: logged once, to be changed at first sign-in. */
  passwordGenerated: boolean;
}

export interface IdentityConfig extends DatabaseServiceConfig {
  production: boolean;
  admin: SeededAdmin;
  demo: SeededAccount;
  /** False in production unless SEED_DEMO_LEARNER=true. */
  seedDemoLearner: boolean;
}

/**
 * The first admin's password. In development the committed default; in production it must be
 * given (and be neither short nor one of the committed defaults), or one is generated.
 */
function adminPassword(given: string | undefined, production: boolean): { password: string; generated: boolean } {
  if (!production) return { password: given ?? 'admin123', generated: false };
  if (given === undefined) return { password: generatePassword(), generated: true };
  if (KNOWN_PASSWORDS.includes(given) || given.length < PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH) {
    throw new Error(
      `svc-identity configuration is invalid: ADMIN_PASSWORD: in production it must be at least ${PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH} characters and not a default committed in the repository (unset it to have one generated and printed once)`,
    );
  }
  return { password: given, generated: false };
}

/** Reads and checks the environment once; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const values = parseServiceEnvironment('svc-identity', environmentSchema, env);
  const production = values.NODE_ENV === 'production';
  const admin = adminPassword(values.ADMIN_PASSWORD, production);
  return {
    production,
    seedDemoLearner: values.SEED_DEMO_LEARNER ?? !production,
    ...serviceConfigOf(values),
    admin: {
      username: values.ADMIN_USERNAME,
      password: admin.password,
      passwordGenerated: admin.generated,
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
