import { loadConfig } from './config';

const OPENAI_DEFAULTS = { model: 'gpt-4o-mini', vision: false, timeoutMs: 30_000, maxRetries: 2 };

describe('loadConfig', () => {
  it('falls back to defaults that work on a development machine, offline', () => {
    expect(loadConfig({})).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      logLevel: 'info',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/masar',
      provider: 'offline',
      openai: OPENAI_DEFAULTS,
      speech: { model: 'tts-1', voice: 'alloy' },
      images: { model: 'gpt-image-1', size: '1536x1024' },
      embeddings: { model: 'text-embedding-3-small', timeoutMs: 1500, retentionDays: 30, pruneIntervalMinutes: 60 },
    });
  });

  it('keeps the values it is given', () => {
    expect(
      loadConfig({
        NATS_URL: 'nats://nats:4222',
        LOG_LEVEL: 'warn',
        DATABASE_URL: 'postgres://postgres:secret@postgres:5432/masar',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
        OPENAI_MODEL: 'gpt-4.1-mini',
        OPENAI_VISION: 'true',
        OPENAI_TIMEOUT_MS: '5000',
        OPENAI_MAX_RETRIES: '0',
        OPENAI_SPEECH_MODEL: 'gpt-4o-mini-tts',
        OPENAI_SPEECH_VOICE: 'coral',
        OPENAI_IMAGE_MODEL: 'dall-e-3',
        OPENAI_IMAGE_SIZE: '1792x1024',
        OPENAI_EMBEDDING_MODEL: 'text-embedding-3-large',
        OPENAI_EMBEDDING_TIMEOUT_MS: '800',
        SEARCH_EMBEDDINGS_RETENTION_DAYS: '7',
        SEARCH_EMBEDDINGS_PRUNE_INTERVAL_MINUTES: '15',
      }),
    ).toEqual({
      natsUrl: 'nats://nats:4222',
      logLevel: 'warn',
      databaseUrl: 'postgres://postgres:secret@postgres:5432/masar',
      provider: 'openai',
      openai: { apiKey: 'sk-test', baseUrl: 'http://127.0.0.1:8080/v1', model: 'gpt-4.1-mini', vision: true, timeoutMs: 5000, maxRetries: 0 },
      speech: { model: 'gpt-4o-mini-tts', voice: 'coral' },
      images: { model: 'dall-e-3', size: '1792x1024' },
      embeddings: { model: 'text-embedding-3-large', timeoutMs: 800, retentionDays: 7, pruneIntervalMinutes: 15 },
    });
  });

  it('stops on an embeddings timeout longer than a search can wait, naming the variable', () => {
    expect(() => loadConfig({ OPENAI_EMBEDDING_TIMEOUT_MS: '60000' })).toThrow(/OPENAI_EMBEDDING_TIMEOUT_MS/);
  });

  it('stops on an embeddings retention of no days, naming the variable', () => {
    expect(() => loadConfig({ SEARCH_EMBEDDINGS_RETENTION_DAYS: '0' })).toThrow(/SEARCH_EMBEDDINGS_RETENTION_DAYS/);
  });

  it('stops on an image size that is not WIDTHxHEIGHT, naming the variable', () => {
    expect(() => loadConfig({ OPENAI_IMAGE_SIZE: 'large' })).toThrow(/OPENAI_IMAGE_SIZE/);
  });

  it('chooses OpenAI when an API key is configured and AI_PROVIDER is not set', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-test' }).provider).toBe('openai');
    expect(loadConfig({ OPENAI_API_KEY: '' }).provider).toBe('offline');
    expect(loadConfig({ OPENAI_API_KEY: 'sk-test', AI_PROVIDER: 'offline' }).provider).toBe('offline');
  });

  it.each([
    ['NATS_URL', 'http://127.0.0.1:4222'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://127.0.0.1/masar'],
    ['AI_PROVIDER', 'anthropic'],
    ['OPENAI_BASE_URL', 'ftp://models.local'],
    ['OPENAI_TIMEOUT_MS', 'soon'],
    ['OPENAI_TIMEOUT_MS', '10'],
    ['OPENAI_MAX_RETRIES', '11'],
    ['OPENAI_MAX_RETRIES', '1.5'],
    ['OPENAI_VISION', 'maybe'],
  ])('refuses a bad %s (%s) with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ OPENAI_API_KEY: 'sk-test', [variable]: value })).toThrow(
      new RegExp(`^svc-ai configuration is invalid: ${variable}: `),
    );
  });

  it('refuses AI_PROVIDER=openai without an API key', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(
      'svc-ai configuration is invalid: OPENAI_API_KEY: Required when AI_PROVIDER is openai',
    );
  });
});
