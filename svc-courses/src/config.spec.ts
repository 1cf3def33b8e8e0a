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
    });
    expect(config).toEqual({
      natsUrl: 'nats://nats:4222',
      databaseUrl: 'postgresql://masar:secret@db:5432/masar',
      logLevel: 'debug',
      seedCourseCatalog: false,
      courseCatalogSeedDir: '/srv/catalog',
    });
  });

  it.each([
    ['NATS_URL', 'http://127.0.0.1:4222'],
    ['DATABASE_URL', 'mysql://root@127.0.0.1/masar'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_COURSE_CATALOG', 'yes'],
  ])('refuses a bad %s (%s) with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^svc-courses configuration is invalid: ${variable}: `),
    );
  });
});
