import type { Request } from 'express';

/**
 * One cookie of the request, as the browser sent it. The gateway has no cookie parser middleware
 * (express-session reads its own cookie); the few sign-in cookies it sets are read here.
 */
export function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
