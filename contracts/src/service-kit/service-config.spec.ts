import { z } from 'zod';
import {
  databaseServiceEnvironmentSchema,
  parseServiceEnvironment,
  serviceConfigOf,
  serviceEnvironmentSchema,
} from './service-config';

const jobsSchema = databaseServiceEnvironmentSchema.extend({ MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(10) });

describe('the common service configuration', () => {
  it('falls back to defaults that work on a development machine', () => {
    const values = parseServiceEnvironment('svc-jobs', jobsSchema, {});
    expect(serviceConfigOf(values)).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/masar',
      logLevel: 'info',
    });
    expect(values.MAX_UPLOAD_BYTES).toBe(10);
  });

  it('leaves the database out for a service without one', () => {
    const values = parseServiceEnvironment('svc-ai', serviceEnvironmentSchema, { NATS_URL: 'tls://nats.internal:4222' });
    expect(serviceConfigOf(values)).toEqual({ natsUrl: 'tls://nats.internal:4222', logLevel: 'info' });
  });

  it.each(['nats://nats:4222', 'tls://nats.example.com:4443', 'nats://user:secret@10.0.0.5:4222'])('accepts NATS_URL %s', (url) => {
    expect(parseServiceEnvironment('svc-identity', serviceEnvironmentSchema, { NATS_URL: url }).NATS_URL).toBe(url);
  });

  it.each(['http://127.0.0.1:4222', 'redis://127.0.0.1:6379', 'not a url', '127.0.0.1:4222'])(
    'refuses NATS_URL %s, the same way in every service',
    (url) => {
      for (const [name, schema] of [
        ['svc-identity', databaseServiceEnvironmentSchema],
        ['svc-ai', serviceEnvironmentSchema],
        ['svc-jobs', jobsSchema],
      ] as const) {
        expect(() => parseServiceEnvironment(name, schema, { NATS_URL: url })).toThrow(
          new Error(`${name} configuration is invalid: NATS_URL: Must be a nats:// or tls:// URL`),
        );
      }
    },
  );

  it.each([
    ['DATABASE_URL', 'mysql://root@127.0.0.1/masar', 'Must be a postgres:// URL'],
    ['DATABASE_URL', 'not a url', 'Must be a postgres:// URL'],
    ['LOG_LEVEL', 'loud', ''],
  ])('refuses a bad %s (%s), naming it', (variable, value, wording) => {
    expect(() => parseServiceEnvironment('svc-progress', databaseServiceEnvironmentSchema, { [variable]: value })).toThrow(
      new RegExp(`^svc-progress configuration is invalid: ${variable}: ${wording}`),
    );
  });

  it('names every bad variable at once', () => {
    expect(() => parseServiceEnvironment('svc-jobs', jobsSchema, { NATS_URL: 'http://x', MAX_UPLOAD_BYTES: '0' })).toThrow(
      /NATS_URL: .+; MAX_UPLOAD_BYTES: /,
    );
  });
});
