import { User } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** The session cookie's attributes: the same when it is set and when it is cleared. */
export function sessionCookieOptions(config: GatewayConfig): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.session.cookieSecure, path: '/' };
}

/** Starts and ends server-side sessions. The session holds only the user id and the sign-in time. */
@Injectable()
export class SessionLifecycle {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Signs a user in under a brand-new session id (passport regenerates it: no session fixation). */
  async start(request: Request, user: User): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      request.logIn({ id: user.id }, (error: unknown) => (error ? reject(error) : resolve())),
    );
    // Set after logIn, which starts a fresh session; the 12-hour limit counts from here.
    request.session.signedInAt = Date.now();
  }

  /** Deletes the session from Redis (so the old cookie is worthless) and clears the cookie. */
  async end(request: Request, response: Response): Promise<void> {
    if (request.session) {
      // Regenerate rather than destroy: the old session is deleted from the store, and the
      // request keeps an empty session that is never saved.
      await new Promise<void>((resolve, reject) =>
        request.session.regenerate((error: unknown) => (error ? reject(error) : resolve())),
      );
    }
    request.user = undefined;
    response.clearCookie(this.config.session.cookieName, sessionCookieOptions(this.config));
  }
}
