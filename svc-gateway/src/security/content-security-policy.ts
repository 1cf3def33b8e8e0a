import type { GatewayConfig } from '../config';

/** The embedded players of video lessons: YouTube's no-cookie host and Vimeo's player, as contracts' lessonVideoPlayerOf builds them. */
export const LESSON_VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** Sources allowed in FRAME_ANCESTORS besides origins: a keyword, in quotes as CSP writes it. */
const FRAME_ANCESTOR_KEYWORDS = new Set(["'self'", "'none'"]);
/** `https://suite.example.com`, `https://*.example.com:8443`: a scheme, a host (a leading `*.` allowed), a port. */
const ORIGIN_SOURCE = /^https?:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

/**
 * Reads FRAME_ANCESTORS: sources separated by spaces or commas, each `'self'`, `'none'` (alone) or an
 * origin. Returns the problem as a sentence, or the sources.
 */
export function parseFrameAncestors(value: string): { sources: string[] } | { problem: string } {
  const sources = value
    .split(/[\s,]+/)
    .map((source) => source.trim().replace(/\/$/, ''))
    .filter((source) => source.length > 0)
    // An env file or a shell may have eaten the quotes: self and none are the keywords all the same.
    .map((source) => (/^(?:self|none)$/i.test(source) ? `'${source.toLowerCase()}'` : source));
  if (sources.length === 0) return { problem: "must name who may embed the portal: 'self', 'none' or origins such as https://suite.example.com" };
  const wrong = sources.find((source) => !FRAME_ANCESTOR_KEYWORDS.has(source) && !ORIGIN_SOURCE.test(source));
  if (wrong !== undefined) {
    return { problem: `"${wrong}" is not 'self', 'none' or an origin such as https://suite.example.com` };
  }
  if (sources.includes("'none'") && sources.length > 1) return { problem: "'none' cannot be combined with other sources" };
  return { sources };
}

/** The origins of the remotes whose manifests live on another origin (a CDN); same-origin ones are 'self'. */
export function remoteOrigins(manifestUrls: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(manifestUrls)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * The Content-Security-Policy of every page the gateway serves. Scripts only from files on this
 * origin and the remotes' origins: no inline script, no eval, nothing injected into a page can run.
 *
 * `style-src` allows 'unsafe-inline' on purpose: antd's CSS-in-JS writes its styles into <style>
 * elements at run time, with content computed in the browser (theme, direction), so no hash can be
 * known in advance, and a nonce needs a page rendered per response while the shell and the remotes
 * are static files (every remote's ConfigProvider would have to carry it too). Injected CSS cannot
 * run script here, and img-src, font-src and connect-src keep it from reaching another origin.
 */
export function contentSecurityPolicy(config: Pick<GatewayConfig, 'web' | 'security'>, frameAncestors = config.security.frameAncestors): string {
  const remotes = remoteOrigins(config.web.manifestUrls);
  const withRemotes = (...sources: string[]) => [...sources, ...remotes].join(' ');
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    ['script-src', withRemotes("'self'")],
    ['style-src', withRemotes("'self'", "'unsafe-inline'")],
    ['img-src', withRemotes("'self'", 'data:')],
    ['font-src', withRemotes("'self'", 'data:')],
    // The federation runtime fetches each remote's mf-manifest.json.
    ['connect-src', withRemotes("'self'")],
    // Video lessons (issue 14): the two players we embed, and nothing else may be framed.
    ['frame-src', LESSON_VIDEO_FRAME_SOURCES.join(' ')],
    // Uploaded videos come from here; a lesson may also link an https video file on any host (contracts' parseVideoLink).
    ['media-src', "'self' https:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors.join(' ')],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * X-Frame-Options for browsers that do not read frame-ancestors. It can only say "nobody" or "this
 * origin", so it is left out when other origins may embed the portal (CSP then decides alone).
 */
export function frameOptionsFor(frameAncestors: readonly string[]): 'DENY' | 'SAMEORIGIN' | undefined {
  if (frameAncestors.length === 1 && frameAncestors[0] === "'none'") return 'DENY';
  if (frameAncestors.length === 1 && frameAncestors[0] === "'self'") return 'SAMEORIGIN';
  return undefined;
}

/** The embeddable pages (issue 18): only these may be framed by the configured embed origins. */
export const EMBED_PAGE_PATH = /^\/embed(\/|$)/;

/**
 * Who may frame an `/embed/*` page: Masar itself and EMBED_ALLOWED_ORIGINS. Every other page keeps
 * FRAME_ANCESTORS, so a suite allowed to frame the skill review cannot frame the admin area.
 */
export function embedFrameAncestors(embedOrigins: readonly string[]): string[] {
  return ["'self'", ...embedOrigins];
}
