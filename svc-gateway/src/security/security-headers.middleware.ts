import type { NextFunction, Request, Response } from 'express';

/** A few cheap browser protections for every answer (pages, bundles and the API). */
export function securityHeadersMiddleware(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  next();
}
