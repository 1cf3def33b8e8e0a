import { loadConfig } from '../config';
import { contentSecurityPolicy, embedFrameAncestors, frameOptionsFor, parseFrameAncestors, remoteOrigins } from './content-security-policy';

const directivesOf = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe('the Content-Security-Policy', () => {
  it('lets the embed origins frame an /embed/* page, with no X-Frame-Options to contradict it', () => {
    const ancestors = embedFrameAncestors(['https://suite.example.com']);
    expect(directivesOf(contentSecurityPolicy(loadConfig({}), ancestors))['frame-ancestors']).toEqual(["'self'", 'https://suite.example.com']);
    expect(frameOptionsFor(ancestors)).toBeUndefined();
    expect(frameOptionsFor(embedFrameAncestors([]))).toBe('SAMEORIGIN');
  });

  it('allows scripts from this origin only, never inline, when every remote is served here', () => {
    const directives = directivesOf(contentSecurityPolicy(loadConfig({})));
    expect(directives).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      'media-src': ["'self'", 'https:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    });
  });

  it("adds the origins of remotes configured elsewhere to script, style, image, font and connect sources", () => {
    const config = loadConfig({
      MF_AGENTS_MANIFEST_URL: 'https://cdn.example.com/mf-agents/mf-manifest.json',
      MF_COURSES_MANIFEST_URL: 'https://cdn.example.com:8443/courses/mf-manifest.json',
      MF_PROGRESS_MANIFEST_URL: '/remotes/mf-progress/mf-manifest.json',
    });
    expect(remoteOrigins(config.web.manifestUrls)).toEqual(['https://cdn.example.com:8443', 'https://cdn.example.com']);
    const directives = directivesOf(contentSecurityPolicy(config));
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src']) {
      expect(directives[name]).toEqual(expect.arrayContaining(['https://cdn.example.com', 'https://cdn.example.com:8443']));
    }
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
  });

  it('frames only the two video players, whatever remotes are configured, and plays media from here or https', () => {
    const directives = directivesOf(contentSecurityPolicy(loadConfig({ MF_COURSES_MANIFEST_URL: 'https://cdn.example.com/courses/mf-manifest.json' })));
    expect(directives['frame-src']).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(directives['media-src']).toEqual(["'self'", 'https:']);
    expect(directives['frame-src']).not.toContain('https://www.youtube.com');
    expect(directives['media-src']).not.toContain('http:');
  });

  it('takes frame-ancestors from FRAME_ANCESTORS', () => {
    const config = loadConfig({ FRAME_ANCESTORS: "'self' https://suite.example.com, https://*.hr.example.org" });
    expect(config.security.frameAncestors).toEqual(["'self'", 'https://suite.example.com', 'https://*.hr.example.org']);
    expect(contentSecurityPolicy(config)).toContain("frame-ancestors 'self' https://suite.example.com https://*.hr.example.org");
  });

  it('refuses a FRAME_ANCESTORS that is not a source list, naming the variable', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: '*' })).toThrow(/FRAME_ANCESTORS: "\*" is not 'self', 'none' or an origin/);
    expect(() => loadConfig({ FRAME_ANCESTORS: "https://a.example.com; script-src 'unsafe-inline'" })).toThrow(/FRAME_ANCESTORS/);
    expect(() => loadConfig({ FRAME_ANCESTORS: "'none' https://a.example.com" })).toThrow(/FRAME_ANCESTORS: 'none' cannot be combined/);
    expect(() => loadConfig({ FRAME_ANCESTORS: ' ' })).toThrow(/FRAME_ANCESTORS: must name who may embed the portal/);
    expect(parseFrameAncestors('https://suite.example.com/')).toEqual({ sources: ['https://suite.example.com'] });
    expect(parseFrameAncestors('self https://suite.example.com')).toEqual({ sources: ["'self'", 'https://suite.example.com'] });
  });

  it('refuses a manifest URL that is neither a path here nor an http(s) URL', () => {
    expect(() => loadConfig({ MF_COURSES_MANIFEST_URL: 'javascript:alert(1)' })).toThrow(/MF_COURSES_MANIFEST_URL: must be a path on this origin/);
  });

  it('keeps X-Frame-Options in step for browsers without frame-ancestors', () => {
    expect(frameOptionsFor(["'self'"])).toBe('SAMEORIGIN');
    expect(frameOptionsFor(["'none'"])).toBe('DENY');
    expect(frameOptionsFor(["'self'", 'https://suite.example.com'])).toBeUndefined();
  });
});
