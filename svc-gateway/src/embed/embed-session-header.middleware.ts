import { EMBED_SESSION_HEADER } from '@masar/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GatewayConfig } from '../config';
import { isSignedSessionToken } from './embed-session-token';

export const EMBED_SESSION_HEADER_REFUSED = 'The embed session token is not valid; ask the host page for a new embed token';

/**
 * A frame on another site keeps its session token in memory and sends it in `X-Masar-Session`
 * (browsers no longer send third-party cookies). Before the session middleware runs, the header
 * stands in for the cookie, so the session guard, roles and limits treat the frame like any
 * signed-in browser. A header token is not an ambient credential: another site cannot make a
 * browser send it, so it needs no cross-site check of its own.
 */
export function createEmbedSessionHeaderMiddleware(config: GatewayConfig): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const token = request.headers[EMBED_SESSION_HEADER];
    if (token === undefined) {
      next();
      return;
    }
    if (typeof token !== 'string' || !isSignedSessionToken(token, config.session.secret)) {
      response.status(401).json({ statusCode: 401, message: EMBED_SESSION_HEADER_REFUSED });
      return;
    }
    // The header wins over any cookie: the frame's session is the one it was given.
    request.headers.cookie = `${config.session.cookieName}=${encodeURIComponent(token)}`;
    next();
  };
}
