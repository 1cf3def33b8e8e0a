import { generateKeyPairSync } from 'node:crypto';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('falls back to defaults that work on a development machine', () => {
    expect(loadConfig({})).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/masar',
      logLevel: 'info',
      coursesRequestTimeoutMs: 5000,
      maxProposedWeeklyHours: 6,
      ramadanLoadFactor: 0.5,
      xapi: null,
      ltiGrades: null,
    });
  });

  it('keeps the values it is given', () => {
    const config = loadConfig({
      NATS_URL: 'nats://nats:4222',
      DATABASE_URL: 'postgresql://masar:secret@db:5432/masar',
      LOG_LEVEL: 'debug',
      COURSES_REQUEST_TIMEOUT_MS: '2500',
      MAX_PROPOSED_WEEKLY_HOURS: '7.5',
      RAMADAN_LOAD_FACTOR: '1',
    });
    expect(config).toEqual({
      natsUrl: 'nats://nats:4222',
      databaseUrl: 'postgresql://masar:secret@db:5432/masar',
      logLevel: 'debug',
      coursesRequestTimeoutMs: 2500,
      maxProposedWeeklyHours: 7.5,
      ramadanLoadFactor: 1,
      xapi: null,
      ltiGrades: null,
    });
  });

  it.each([
    ['NATS_URL', 'http://127.0.0.1:4222'],
    ['DATABASE_URL', 'mysql://root@127.0.0.1/masar'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['COURSES_REQUEST_TIMEOUT_MS', '0'],
    ['MAX_PROPOSED_WEEKLY_HOURS', '41'],
    ['RAMADAN_LOAD_FACTOR', '0'],
    ['RAMADAN_LOAD_FACTOR', '1.5'],
    ['XAPI_LRS_ENDPOINT', 'ftp://lrs.example.com/xapi'],
    ['XAPI_ACTOR', 'username'],
    ['XAPI_ACTIVITY_BASE_IRI', 'not a url'],
  ])('refuses a bad %s (%s) with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^svc-progress configuration is invalid: ${variable}: `),
    );
  });

  it('posts LTI grades only with the tool key, an RSA private key (also as one line with \\n)', () => {
    expect(loadConfig({}).ltiGrades).toBeNull();
    expect(loadConfig({ LTI_TOOL_PRIVATE_KEY: '' }).ltiGrades).toBeNull();
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(loadConfig({ LTI_TOOL_PRIVATE_KEY: pem.replace(/\n/g, '\\n') }).ltiGrades).toEqual({ toolPrivateKeyPem: pem.trim(), requestTimeoutMs: 10_000, retryDelayMs: 30_000 });
    expect(() => loadConfig({ LTI_TOOL_PRIVATE_KEY: 'not a key' })).toThrow(/LTI_TOOL_PRIVATE_KEY/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadConfig({ LTI_TOOL_PRIVATE_KEY: ec })).toThrow(/LTI_TOOL_PRIVATE_KEY/);
  });

  it('sends no learning records without an LRS, an empty endpoint included', () => {
    expect(loadConfig({ XAPI_LRS_ENDPOINT: '', XAPI_LRS_USERNAME: 'masar' }).xapi).toBeNull();
  });

  it('reads the LRS settings, the activity base defaulting to the public origin', () => {
    const lrs = { XAPI_LRS_ENDPOINT: 'https://lrs.example.com/xapi', XAPI_LRS_USERNAME: 'masar', XAPI_LRS_PASSWORD: 'secret' };
    expect(loadConfig({ ...lrs, PUBLIC_ORIGIN: 'https://masar.example.com/' }).xapi).toEqual({
      endpoint: 'https://lrs.example.com/xapi/',
      username: 'masar',
      password: 'secret',
      actor: 'email',
      activityBaseIri: 'https://masar.example.com',
      retryDelayMs: 5000,
      maxAttempts: 20,
      requestTimeoutMs: 10000,
      redisUrl: 'redis://127.0.0.1:6379',
    });
    expect(loadConfig(lrs).xapi?.activityBaseIri).toBe('http://localhost:8080');
    expect(loadConfig({ ...lrs, XAPI_ACTOR: 'sso', XAPI_ACTIVITY_BASE_IRI: 'https://learning.example.com/masar' }).xapi).toMatchObject({
      actor: 'sso',
      activityBaseIri: 'https://learning.example.com/masar',
    });
  });

  it.each(['XAPI_LRS_USERNAME', 'XAPI_LRS_PASSWORD'])('needs %s with an LRS endpoint', (variable) => {
    const lrs: Record<string, string> = { XAPI_LRS_ENDPOINT: 'https://lrs.example.com/xapi', XAPI_LRS_USERNAME: 'masar', XAPI_LRS_PASSWORD: 'secret' };
    delete lrs[variable];
    expect(() => loadConfig(lrs)).toThrow(new RegExp(`^svc-progress configuration is invalid: ${variable}: Required when XAPI_LRS_ENDPOINT is set`));
  });
});
