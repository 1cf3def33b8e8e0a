import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The embed session token is the session cookie's own value (`s:<id>.<signature>`, the format
 * express-session signs and reads), so a frame that cannot keep a third-party cookie hands the
 * same session over in a header, and everything behind the session middleware stays as it is.
 */
export function signedSessionToken(sessionId: string, secret: string): string {
  return `s:${sessionId}.${signatureOf(sessionId, secret)}`;
}

function signatureOf(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
}

/** True when `token` is one this gateway signed (checked again by express-session; here to refuse junk early). */
export function isSignedSessionToken(token: string, secret: string): boolean {
  const match = /^s:([^.\s;,]+)\.([A-Za-z0-9+/]+)$/.exec(token);
  if (!match) return false;
  const expected = Buffer.from(signatureOf(match[1], secret));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
