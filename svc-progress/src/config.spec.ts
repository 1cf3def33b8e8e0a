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
  ])('refuses a bad %s (%s) with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^svc-progress configuration is invalid: ${variable}: `),
    );
  });
});
