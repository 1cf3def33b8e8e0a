import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { EMBED_SESSION_HEADER } from '@masar/contracts';
import type { GatewayConfig } from '../config';

/** The headers masar.js sends: JSON, and the session token (never a cookie). */
const ALLOWED_HEADERS = `content-type, accept, ${EMBED_SESSION_HEADER}`;
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the script embed (issue 18): masar.js runs in a page of an EMBED_ALLOWED_ORIGINS origin and
 * calls `/api` on Masar's origin. Those origins, and only those, may read the answers, and never with
 * credentials: no `Access-Control-Allow-Credentials`, so a cookie-authenticated call from their pages
 * stays unreadable (and a JSON or header-carrying one never passes its preflight). The session travels
 * in `X-Masar-Session`, which another site cannot make a browser send.
 */
export function createEmbedScriptCorsMiddleware(config: Pick<GatewayConfig, 'embed'>): RequestHandler {
  const allowed = new Set(config.embed.allowedOrigins);
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    if (!request.path.startsWith('/api/') || typeof origin !== 'string' || !allowed.has(origin)) {
      next();
      return;
    }
    response.vary('Origin');
    response.setHeader('Access-Control-Allow-Origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      response.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      response.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      response.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      response.status(204).end();
      return;
    }
    next();
  };
}

/**
 * A state-changing call from an embedding page that the cross-site guard lets through: the token
 * exchange itself, or a call carrying the embed session header (not an ambient credential).
 */
export function isEmbedScriptCall(request: Request, embedOrigins: ReadonlySet<string>, origin: string | undefined): boolean {
  if (origin === undefined || !embedOrigins.has(origin)) return false;
  return (request.method === 'POST' && request.path === '/api/embed/session') || typeof request.headers[EMBED_SESSION_HEADER] === 'string';
}
