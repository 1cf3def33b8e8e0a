import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import passport from 'passport';
import { Logger } from 'pino';
import { AppModule } from './app.module';
import { createAbsoluteTimeoutMiddleware, createSessionMiddleware } from './auth/session.middleware';
import { SessionLifecycle } from './auth/session-lifecycle';
import { GatewayConfig, loadConfig } from './config';
import { bodyParserErrorsAsHttpExceptions } from './errors/body-parser-errors';
import { answerClientErrorsWithJson } from './errors/client-error';
import { createRequestBodyTypeCheck } from './errors/request-body-type.middleware';
import { createHttpLogger } from './logging/http-logger';
import { createLogger, PinoNestLogger } from './logging/logger';
import { requestIdMiddleware } from './logging/request-context';
import { setupOpenApi } from './openapi/openapi';
import { REDIS_CLIENT, RedisClient } from './redis/redis.module';
import { createEmbedSessionHeaderMiddleware } from './embed/embed-session-header.middleware';
import { createEmbedScriptCorsMiddleware } from './embed/embed-script-cors.middleware';
import { createEmbedHostOriginGuard } from './embed/embed-host-origin.middleware';
import { createCrossSiteRequestGuard } from './security/cross-site-request.middleware';
import { createSecurityHeadersMiddleware } from './security/security-headers.middleware';
import { JSON_BODY_LIMIT_BYTES } from './validation/json-body-limit';
import { createNulCharacterCheck } from './validation/nul-characters';
import { serveFrontends } from './web/frontends';

export interface BootstrapOptions {
  /** Defaults to process.env; tests pass their own (PORT=0 picks a free port). */
  env?: NodeJS.ProcessEnv;
}

export interface RunningGateway {
  app: NestExpressApplication;
  port: number;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
}

/**
 * Puts the gateway's Express middleware in front of Nest's routes, in this order: request id,
 * security headers (CSP included), request log, the built front ends, the cross-site check, the
 * request body's type, the session (Redis) with its absolute limit, an embed session's host origin,
 * passport; the JSON body, then the check for NUL characters; then the OpenAPI document. Requests the HTTP parser refuses (431, 400) get a JSON body too. The front ends come
 * before the session so pages and bundles never touch Redis. Exported so that an app built
 * another way (a benchmark's in-process variant) gets exactly the same pipeline.
 */
export function configureHttpPipeline(app: NestExpressApplication, config: GatewayConfig, logger: Logger): void {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  answerClientErrorsWithJson(app.getHttpServer());

  app.use(requestIdMiddleware);
  app.use(createSecurityHeadersMiddleware(config));
  app.use(createHttpLogger(logger));
  serveFrontends(app, config.web, logger);
  app.use(createEmbedScriptCorsMiddleware(config));
  app.use(createCrossSiteRequestGuard(config));
  app.use(createRequestBodyTypeCheck());
  app.use(createEmbedSessionHeaderMiddleware(config));
  app.use(createSessionMiddleware(config, app.get<RedisClient>(REDIS_CLIENT), logger));
  app.use(createAbsoluteTimeoutMiddleware(config, app.get(SessionLifecycle)));
  app.use(createEmbedHostOriginGuard(config));
  app.use(passport.initialize());
  app.use(passport.session());
  // Declared here, it replaces Nest's own JSON parser (and its 100 KB limit).
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT_BYTES });
  app.use(bodyParserErrorsAsHttpExceptions);
  app.use(createNulCharacterCheck());
  setupOpenApi(app, config);
}

/** Starts the gateway on PORT and resolves once it listens. */
export async function bootstrap({ env = process.env }: BootstrapOptions = {}): Promise<RunningGateway> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, logger), {
    logger: new PinoNestLogger(logger),
  });
  configureHttpPipeline(app, config, logger);

  await app.listen(config.port);
  const { port } = app.getHttpServer().address() as AddressInfo;
  logger.info({ port }, 'svc-gateway is listening');
  return { app, port, url: `http://127.0.0.1:${port}` };
}

if (require.main === module) {
  bootstrap()
    .then(({ app }) => {
      // Finish requests in flight, then close NATS, Redis and Postgres before leaving.
      const shutdown = () => void app.close().finally(() => process.exit(0));
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
