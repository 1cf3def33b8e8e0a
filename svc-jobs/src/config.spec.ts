import { loadConfig } from './config';

describe('loadConfig', () => {
  it('falls back to defaults that work on a development machine', () => {
    expect(loadConfig({})).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/masar',
      logLevel: 'info',
      maxUploadBytes: 10 * 1024 * 1024,
      aiRequestTimeoutMs: 20_000,
      seedPredefinedRoles: true,
    });
  });

  it('keeps the values it is given', () => {
    const config = loadConfig({
      NATS_URL: 'nats://nats:4222',
      DATABASE_URL: 'postgresql://masar:secret@db:5432/masar',
      LOG_LEVEL: 'debug',
      MAX_UPLOAD_BYTES: '2097152',
      AI_REQUEST_TIMEOUT_MS: '1500',
      SEED_PREDEFINED_ROLES: 'false',
    });
    expect(config).toEqual({
      natsUrl: 'nats://nats:4222',
      databaseUrl: 'postgresql://masar:secret@db:5432/masar',
      logLevel: 'debug',
      maxUploadBytes: 2 * 1024 * 1024,
      aiRequestTimeoutMs: 1500,
      seedPredefinedRoles: false,
    });
  });

  it.each([
    ['NATS_URL', 'http://127.0.0.1:4222'],
    ['DATABASE_URL', 'mysql://root@127.0.0.1/masar'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['MAX_UPLOAD_BYTES', '0'],
    ['MAX_UPLOAD_BYTES', 'ten megabytes'],
    ['AI_REQUEST_TIMEOUT_MS', '5'],
    ['SEED_PREDEFINED_ROLES', 'yes'],
  ])('refuses a bad %s (%s) with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^svc-jobs configuration is invalid: ${variable}: `),
    );
  });
});
