import { join } from 'node:path';
import { BUILT_IN_SEED_DIR, loadConfig } from './config';

describe('loadConfig', () => {
  it('falls back to defaults that work on a development machine', () => {
    expect(loadConfig({})).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/masar',
      logLevel: 'info',
      seedCourseCatalog: true,
      courseCatalogSeedDir: BUILT_IN_SEED_DIR,
      redisUrl: 'redis://127.0.0.1:6379',
      aiRequestTimeoutMs: 60_000,
      maxUploadBytes: 10 * 1024 * 1024,
      courseCreationConcurrency: 2,
      agentTaskConcurrency: 20,
    });
    expect(BUILT_IN_SEED_DIR).toBe(join(__dirname, 'catalog', 'seed-data'));
  });

  it('keeps the values it is given', () => {
    const config = loadConfig({
      NATS_URL: 'nats://nats:4222',
      DATABASE_URL: 'postgresql://masar:secret@db:5432/masar',
      LOG_LEVEL: 'debug',
      SEED_COURSE_CATALOG: 'false',
      COURSE_CATALOG_SEED_DIR: '/srv/catalog',
      REDIS_URL: 'redis://redis:6379',
      COURSE_AI_TIMEOUT_MS: '90000',
      MAX_UPLOAD_BYTES: '2048',
      COURSE_CREATION_CONCURRENCY: '4',
      AGENT_TASK_CONCURRENCY: '12',
    });
    expect(config).toEqual({
      natsUrl: 'nats://nats:4222',
      databaseUrl: 'postgresql://masar:secret@db:5432/masar',
      logLevel: 'debug',
      seedCourseCatalog: false,
      courseCatalogSeedDir: '/srv/catalog',
      redisUrl: 'redis://redis:6379',
      aiRequestTimeoutMs: 90_000,
      maxUploadBytes: 2048,
      courseCreationConcurrency: 4,
      agentTaskConcurrency: 12,
    });
  });

  it.each([
    ['NATS_URL', 'http://127.0.0.1:4222'],
    ['DATABASE_URL', 'mysql://root@127.0.0.1/masar'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_COURSE_CATALOG', 'yes'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['COURSE_AI_TIMEOUT_MS', '10'],
    ['MAX_UPLOAD_BYTES', 'lots'],
    ['COURSE_CREATION_CONCURRENCY', '0'],
  ])('refuses a bad %s (%s) with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^svc-courses configuration is invalid: ${variable}: `),
    );
  });
});
