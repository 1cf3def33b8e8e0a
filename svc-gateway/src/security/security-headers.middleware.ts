import type { NextFunction, Request, Response } from 'express';
import type { GatewayConfig } from '../config';
import { contentSecurityPolicy, EMBED_PAGE_PATH, embedFrameAncestors, frameOptionsFor } from './content-security-policy';

type SecurityHeadersMiddleware = (request: Request, response: Response, next: NextFunction) => void;

/**
 * Cheap browser protections for every answer: pages, bundles, error pages and the API. The
 * Content-Security-Policy goes on every response rather than on pages only, so that no HTML the
 * gateway writes (a page, an error page, a static file) can leave without it.
 */
export function createSecurityHeadersMiddleware(config: Pick<GatewayConfig, 'web' | 'security' | 'embed'>): SecurityHeadersMiddleware {
  const policy = contentSecurityPolicy(config);
  const frameOptions = frameOptionsFor(config.security.frameAncestors);
  const embedAncestors = embedFrameAncestors(config.embed.allowedOrigins);
  const embedPolicy = contentSecurityPolicy(config, embedAncestors);
  const embedFrameOptions = frameOptionsFor(embedAncestors);
  return (request, response, next) => {
    const embedPage = EMBED_PAGE_PATH.test(request.path);
    response.setHeader('Content-Security-Policy', embedPage ? embedPolicy : policy);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    const frameOptionsHere = embedPage ? embedFrameOptions : frameOptions;
    if (frameOptionsHere) response.setHeader('X-Frame-Options', frameOptionsHere);
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  };
}
