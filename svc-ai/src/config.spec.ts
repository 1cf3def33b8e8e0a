import { loadConfig } from './config';

describe('loadConfig', () => {
  it('falls back to defaults that work on a development machine, offline', () => {
    expect(loadConfig({})).toEqual({ natsUrl: 'nats://127.0.0.1:4222', logLevel: 'info', provider: 'offline' });
  });

  it('keeps the values it is given', () => {
    expect(loadConfig({ NATS_URL: 'nats://nats:4222', LOG_LEVEL: 'warn', AI_PROVIDER: 'openai' })).toEqual({
      natsUrl: 'nats://nats:4222',
      logLevel: 'warn',
      provider: 'openai',
    });
  });

  it.each([
    ['NATS_URL', 'http://127.0.0.1:4222'],
    ['LOG_LEVEL', 'loud'],
    ['AI_PROVIDER', 'anthropic'],
  ])('refuses a bad %s (%s) with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^svc-ai configuration is invalid: ${variable}: `),
    );
  });
});
