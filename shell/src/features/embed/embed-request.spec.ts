import { isAllowedHost, readEmbedRequest } from './embed-request';

describe('an embed page address', () => {
  it('reads the module, the language (English unless Arabic is asked) and the exact host origin', () => {
    expect(readEmbedRequest('/embed/skill-review', '?lang=ar&hostOrigin=https%3A%2F%2Fsuite.example.com')).toEqual({
      module: 'skill-review',
      language: 'ar',
      hostOrigin: 'https://suite.example.com',
    });
    expect(readEmbedRequest('/embed/courses', '?lang=fr')).toEqual({ module: 'courses', language: 'en', hostOrigin: null });
    expect(readEmbedRequest('/embed/learning-path', '?hostOrigin=https://suite.example.com/hr')?.hostOrigin).toBeNull();
    expect(readEmbedRequest('/embed/admin', '')).toBeNull();
  });

  it('lets the frame talk only to a host the deployment lists', () => {
    expect(isAllowedHost('https://suite.example.com', ['https://suite.example.com'])).toBe(true);
    expect(isAllowedHost('https://evil.example', ['https://suite.example.com'])).toBe(false);
    expect(isAllowedHost(null, ['https://suite.example.com'])).toBe(false);
  });
});
