import { DEVELOPMENT_SESSION_SECRET, loadConfig } from './config';

describe('gateway configuration', () => {
  it('works with no variables at all, on the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      natsRequestTimeoutMs: 4000,
      session: { cookieName: 'masar.sid', cookieSecure: false, keyPrefix: 'masar:sess:', idleTimeoutMs: 30 * 60_000 },
      loginRateLimit: { maxAttemptsPerAccount: 10, maxAttemptsPerAddress: 50, windowMinutes: 15 },
      trustProxy: false,
      extractionTimeoutMs: 30_000,
      courseGenerationTimeoutMs: 120_000,
      uploads: { maxBytes: 10 * 1024 * 1024, objectTtlMs: 60 * 60_000 },
    });
    expect(config.session.absoluteTimeoutMs).toBe(12 * 3_600_000);
    expect(config.web.manifestUrls.mf_jobroles).toBe('/remotes/mf-jobroles/mf-manifest.json');
  });

  it('uses the __Host- cookie name when cookies are Secure', () => {
    expect(loadConfig({ COOKIE_SECURE: 'true' }).session).toMatchObject({ cookieName: '__Host-masar.sid', cookieSecure: true });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ NATS_REQUEST_TIMEOUT_MS: '9000' })).toThrow(/NATS_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ COURSE_GENERATION_TIMEOUT_MS: '700000' })).toThrow(/COURSE_GENERATION_TIMEOUT_MS/);
    expect(() => loadConfig({ EXTRACTION_TIMEOUT_MS: 'soon' })).toThrow(/EXTRACTION_TIMEOUT_MS/);
  });

  it('refuses rate limits that could allow more than 100 failed sign-ins an hour on one account', () => {
    // 25 per 15 minutes: up to 25 x 5 windows = 125 in some hour.
    expect(() => loadConfig({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '25' })).toThrow(/LOGIN_MAX_ATTEMPTS_PER_ACCOUNT/);
    expect(loadConfig({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '20' }).loginRateLimit.maxAttemptsPerAccount).toBe(20);
  });

  it('refuses the development session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).session.secret).not.toBe(
      DEVELOPMENT_SESSION_SECRET,
    );
  });

  it('reads the upload limit and the extraction timeout', () => {
    const config = loadConfig({ MAX_UPLOAD_BYTES: '2097152', EXTRACTION_TIMEOUT_MS: '45000', JOB_UPLOADS_TTL_MINUTES: '5' });
    expect(config.uploads).toEqual({ maxBytes: 2 * 1024 * 1024, objectTtlMs: 5 * 60_000 });
    expect(config.extractionTimeoutMs).toBe(45_000);
  });

  it('reads proxies, origins and manifest overrides', () => {
    const config = loadConfig({
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://masar.example.com/',
      ALLOWED_ORIGINS: 'http://localhost:3000, http://localhost:3001/',
      MF_COURSES_MANIFEST_URL: 'https://cdn.example.com/courses/mf-manifest.json',
    });
    expect(config.trustProxy).toBe(1);
    expect(config.publicOrigin).toBe('https://masar.example.com');
    expect(config.allowedOrigins).toEqual(['http://localhost:3000', 'http://localhost:3001']);
    expect(config.web.manifestUrls.mf_courses).toBe('https://cdn.example.com/courses/mf-manifest.json');
  });
});
