import type { NextFunction, Request, Response } from 'express';
import type { GatewayConfig } from '../config';
import { contentSecurityPolicy, frameOptionsFor } from './content-security-policy';

type SecurityHeadersMiddleware = (request: Request, response: Response, next: NextFunction) => void;

/**
 * Cheap browser protections for every answer: pages, bundles, error pages and the API. The
 * Content-Security-Policy goes on every response rather than on pages only, so that no HTML the
 * gateway writes (a page, an error page, a static file) can leave without it.
 */
export function createSecurityHeadersMiddleware(config: Pick<GatewayConfig, 'web' | 'security'>): SecurityHeadersMiddleware {
  const policy = contentSecurityPolicy(config);
  const frameOptions = frameOptionsFor(config.security.frameAncestors);
  return (_request, response, next) => {
    response.setHeader('Content-Security-Policy', policy);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (frameOptions) response.setHeader('X-Frame-Options', frameOptions);
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  };
}
