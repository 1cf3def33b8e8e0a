import { User } from '@masar/contracts';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

export const SESSIONS_UNAVAILABLE = 'Sessions are unavailable right now; please try again in a moment';

/** A session store that cannot be reached is a 503 the person can retry, not a 500. */
function storeUnavailable(cause: unknown): ServiceUnavailableException {
  return new ServiceUnavailableException({ statusCode: 503, message: SESSIONS_UNAVAILABLE }, { cause });
}

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
      request.logIn({ id: user.id }, (error: unknown) => (error ? reject(storeUnavailable(error)) : resolve())),
    );
    // Set after logIn, which starts a fresh session; the 12-hour limit counts from here.
    request.session.signedInAt = Date.now();
  }

  /**
   * For a frame on another site (issue 18): the same session in a `Partitioned; SameSite=None`
   * cookie, which browsers keep per top-level site. Only over HTTPS (COOKIE_SECURE): a Partitioned
   * cookie must be Secure. The frame sends its header token either way, so this is a convenience.
   */
  setPartitionedCookie(response: Response, signedSessionId: string): void {
    if (!this.config.session.cookieSecure) return;
    response.cookie(this.config.session.cookieName, signedSessionId, {
      ...sessionCookieOptions(this.config),
      sameSite: 'none',
      partitioned: true,
      maxAge: this.config.session.idleTimeoutMs,
      // Already signed: express-session reads it as is.
      encode: String,
    });
  }

  /** Deletes the session from Redis (so the old cookie is worthless) and clears the cookie. */
  async end(request: Request, response: Response): Promise<void> {
    if (request.session) {
      // Regenerate rather than destroy: the old session is deleted from the store, and the
      // request keeps an empty session that is never saved.
      await new Promise<void>((resolve, reject) =>
        request.session.regenerate((error: unknown) => (error ? reject(storeUnavailable(error)) : resolve())),
      );
    }
    request.user = undefined;
    response.clearCookie(this.config.session.cookieName, sessionCookieOptions(this.config));
  }
}
