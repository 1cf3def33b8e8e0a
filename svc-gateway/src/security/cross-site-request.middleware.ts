import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GatewayConfig } from '../config';
import { isEmbedScriptCall } from '../embed/embed-script-cors.middleware';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Endpoints another site's page posts to by design; they pass on purpose:
 * - SAML's Assertion Consumer Service, posted by a form on the identity provider's page (the
 *   HTTP-POST binding). It carries no ambient credentials it could misuse (the SameSite=Lax session
 *   cookie is not sent with a cross-site POST), and what it accepts is only an IdP-signed assertion
 *   answering a request this Masar sent (InResponseTo, checked once). It starts a fresh session (new
 *   id), so a forged post cannot fix someone's session.
 * - SAML's SingleLogoutService (HTTP-POST binding), posted by the IdP's page too. It reads no session
 *   cookie: it acts only on an IdP-signed LogoutRequest (ending the sessions it names) or an IdP-signed
 *   LogoutResponse answering a LogoutRequest this Masar sent (its id used once).
 * - LTI 1.3's login initiation, launch and deep-linking choice, posted from inside an LMS. They read
 *   no session cookie: what they act on is the platform's signed token, or the state or selection id
 *   Masar stored.
 */
export const CROSS_SITE_POST_PATHS = new Set(['/api/auth/saml/acs', '/api/auth/saml/slo', '/api/lti/login', '/api/lti/launch', '/api/lti/deep-linking']);

/** The origin a request says it comes from: the Origin header, else the Referer's origin. */
function claimedOrigin(request: Request): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cross-site request forgery defence for calls that change state. The session cookie is
 * SameSite=Lax, so other sites cannot send it with a POST; on top of that, a state-changing
 * call that names an origin must name ours (from the Host header or PUBLIC_ORIGIN) or one in
 * ALLOWED_ORIGINS. Calls with neither Origin nor Referer (curl, server-to-server) carry no
 * browser's ambient credentials by accident and pass.
 */
export function createCrossSiteRequestGuard(config: GatewayConfig): RequestHandler {
  const allowed = new Set(config.allowedOrigins);
  if (config.publicOrigin) allowed.add(config.publicOrigin);
  const embedOrigins = new Set(config.embed.allowedOrigins);
  return (request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method) || (request.method === 'POST' && CROSS_SITE_POST_PATHS.has(request.path))) {
      next();
      return;
    }
    const origin = claimedOrigin(request);
    const ownOrigin = `${request.protocol}://${request.get('host')}`;
    if (origin === undefined || origin === ownOrigin || allowed.has(origin) || isEmbedScriptCall(request, embedOrigins, origin)) {
      next();
      return;
    }
    response.status(403).json({ statusCode: 403, message: CROSS_SITE_MESSAGE });
  };
}
