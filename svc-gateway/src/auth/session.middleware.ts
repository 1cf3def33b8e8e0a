import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import { Logger } from 'pino';
import { GatewayConfig } from '../config';
import { RedisClient } from '../redis/redis.module';
import { sessionCookieOptions, SessionLifecycle, SESSIONS_UNAVAILABLE } from './session-lifecycle';

/** Sessions whose last renewal the gateway remembers (a few dozen bytes each). */
const REMEMBERED_RENEWALS = 10_000;

/**
 * Renews a session's expiry in Redis at most once per `intervalMs` (a 30th of the idle timeout: a
 * minute for 30 minutes): a burst of calls costs one renewal instead of a Redis round trip before
 * each answer. A session left idle therefore ends between 29 and 30 of its 30 minutes after its last
 * call. Reading and deleting sessions are untouched: a signed-out cookie is refused at once.
 */
export class RenewalThrottledRedisStore extends RedisStore {
  private readonly renewedAt = new Map<string, number>();

  constructor(
    options: ConstructorParameters<typeof RedisStore>[0],
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    super(options);
  }

  override touch(sid: string, session: SessionData, callback?: (error?: unknown) => void): Promise<unknown> {
    const now = this.now();
    const renewed = this.renewedAt.get(sid);
    if (renewed !== undefined && now - renewed < this.intervalMs) {
      callback?.();
      return Promise.resolve();
    }
    this.renewedAt.delete(sid);
    this.renewedAt.set(sid, now);
    // The oldest renewal is forgotten first: at worst that session is renewed once more than needed.
    if (this.renewedAt.size > REMEMBERED_RENEWALS) this.renewedAt.delete(this.renewedAt.keys().next().value as string);
    return super.touch(sid, session, callback);
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): Promise<unknown> {
    this.renewedAt.delete(sid);
    return super.destroy(sid, callback);
  }
}

/** Public paths that must answer whatever the session store's state. */
const SESSIONLESS_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

/**
 * Server-side sessions in Redis. The cookie's maxAge is the idle timeout and `rolling`
 * renews it on every response (and the Redis TTL at most once a 30th of it), so 30 idle minutes end a session.
 */
export function createSessionMiddleware(config: GatewayConfig, redis: RedisClient, logger: Logger): RequestHandler {
  const sessions = session({
    name: config.session.cookieName,
    secret: config.session.secret,
    store: new RenewalThrottledRedisStore({ client: redis, prefix: config.session.keyPrefix }, config.session.idleTimeoutMs / 30),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { ...sessionCookieOptions(config), maxAge: config.session.idleTimeoutMs },
  });
  return (request: Request, response: Response, next: NextFunction) => {
    // The health report needs no session: read without the cookie, it never touches the store, so
    // it can say that Redis is down while Redis is down.
    if (SESSIONLESS_PATHS.has(request.path)) delete request.headers.cookie;
    sessions(request, response, (error?: unknown) => {
      if (!error) {
        next();
        return;
      }
      if (response.headersSent) {
        // A rolling save that failed after the answer went out: express-session reports it here,
        // too late to answer anything else. The session keeps its previous expiry in Redis.
        logger.warn({ err: error, requestId: request.requestId }, 'session could not be renewed');
        return;
      }
      logger.error({ err: error, requestId: request.requestId }, 'session store failed');
      response.status(503).json({ statusCode: 503, message: SESSIONS_UNAVAILABLE });
    });
  };
}

/** Ends a session 12 hours (SESSION_ABSOLUTE_HOURS) after sign-in, however active it is. */
export function createAbsoluteTimeoutMiddleware(config: GatewayConfig, lifecycle: SessionLifecycle): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const signedInAt = request.session?.signedInAt;
    if (signedInAt === undefined || Date.now() - signedInAt <= config.session.absoluteTimeoutMs) {
      next();
      return;
    }
    lifecycle.end(request, response).then(() => next(), next);
  };
}
