import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { GatewayConfig } from '../config';

export const EMBED_SESSION_OTHER_ORIGIN_MESSAGE =
  "This embed session belongs to another site's page; it works only from the page it was started for";

/**
 * An embed session is bound to the host origin its token was issued for (`embedHostOrigin`). Every
 * request that carries it and names an Origin must come from that host (the script embed, which
 * calls from the host's own page) or from Masar itself (the frame, whose page is on Masar's origin);
 * otherwise 403. A session token copied out of the host's page cannot be used from another site's
 * page: a cross-origin call with the session header always names its Origin (the header forces a
 * preflight). Calls with no Origin (same-origin GETs, servers) pass as before. Runs after the session
 * middleware, which is what reads the binding.
 */
export function createEmbedHostOriginGuard(config: Pick<GatewayConfig, 'publicOrigin' | 'allowedOrigins'>): RequestHandler {
  // Masar's own front ends: PUBLIC_ORIGIN and ALLOWED_ORIGINS, as the cross-site guard reads them.
  const masarOrigins = new Set(config.allowedOrigins);
  if (config.publicOrigin) masarOrigins.add(config.publicOrigin);
  return (request: Request, response: Response, next: NextFunction) => {
    const hostOrigin = request.session?.embedHostOrigin;
    const origin = request.headers.origin;
    if (
      hostOrigin === undefined ||
      typeof origin !== 'string' ||
      origin === hostOrigin ||
      masarOrigins.has(origin) ||
      origin === `${request.protocol}://${request.get('host')}`
    ) {
      next();
      return;
    }
    response.status(403).json({ statusCode: 403, message: EMBED_SESSION_OTHER_ORIGIN_MESSAGE });
  };
}
