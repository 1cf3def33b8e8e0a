import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { Logger } from 'pino';
import { GatewayConfig } from '../config';
import { RedisClient } from '../redis/redis.module';
import { sessionCookieOptions, SessionLifecycle, SESSIONS_UNAVAILABLE } from './session-lifecycle';

/** Public paths that must answer whatever the session store's state. */
const SESSIONLESS_PATHS = new Set(['/api/health']);

/**
 * Server-side sessions in Redis. The cookie's maxAge is the idle timeout and `rolling`
 * renews it (and the Redis TTL) on every response, so 30 idle minutes end a session.
 */
export function createSessionMiddleware(config: GatewayConfig, redis: RedisClient, logger: Logger): RequestHandler {
  const sessions = session({
    name: config.session.cookieName,
    secret: config.session.secret,
    store: new RedisStore({ client: redis, prefix: config.session.keyPrefix }),
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
