/**
 * The session of a Masar frame on another site (issue 18). Browsers no longer send third-party
 * cookies, so the frame keeps the session token from `POST /api/embed/session` in memory only
 * (never in storage or a URL) and the base query sends it in `X-Masar-Session`.
 */
/**
 * contracts' EMBED_SESSION_HEADER (embed-session.spec.ts checks they match): written out here because
 * the runtime imports no value from contracts, whose CommonJS entry would bring zod into every page.
 */
export const EMBED_SESSION_HEADER = 'x-masar-session';

interface EmbedSession {
  token: string | null;
  /**
   * `https://<masar>/api` for the script embed (masar.js in another site's page): calls go to Masar's
   * origin with no cookies (CORS without credentials), the session travels in the header only.
   */
  apiBaseUrl: string | null;
  /** Called instead of the portal's redirect to sign-in when the session ends (the host sends a new token). */
  onEnded: () => void;
}

let embedSession: EmbedSession | null = null;

/** Marks this page as a frame: 401s go to `onEnded`, never to the sign-in page. */
export function enterEmbedMode(onEnded: () => void, options: { apiBaseUrl?: string } = {}): void {
  embedSession = { token: null, onEnded, apiBaseUrl: options.apiBaseUrl ?? null };
}

/** Masar's API on its own origin when this page is another site's (the script embed); null otherwise. */
export function embedApiBaseUrl(): string | null {
  return embedSession?.apiBaseUrl ?? null;
}

export function setEmbedSessionToken(token: string | null): void {
  if (embedSession) embedSession.token = token;
}

export function embedSessionToken(): string | null {
  return embedSession?.token ?? null;
}

/** True when the page is a frame, after telling it that its session ended. */
export function endEmbedSession(): boolean {
  if (!embedSession) return false;
  embedSession.token = null;
  embedSession.onEnded();
  return true;
}
