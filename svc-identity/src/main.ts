import 'reflect-metadata';
import { queueGroupOf } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';
import { loadConfig } from './config';
import { runIdentityMigrations } from './database/run-migrations';
import { createLogger, PinoNestLogger } from './logging/logger';
import { RequestLoggingNatsServer } from './logging/request-logging.nats-server';

/**
 * Starts svc-identity: checks the configuration, migrates the `identity` schema, seeds
 * the configured accounts (during init) and only then answers on NATS in the
 * `svc-identity` queue group, so several instances share the load.
 */
export async function bootstrap(env: NodeJS.ProcessEnv = process.env): Promise<INestMicroservice> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const applied = await runIdentityMigrations(config.databaseUrl);
  logger.info({ applied }, 'migrations are up to date');

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule.register(config, logger), {
    strategy: new RequestLoggingNatsServer(
      { servers: [config.natsUrl], queue: queueGroupOf('identity'), name: 'svc-identity' },
      logger,
    ),
    logger: new PinoNestLogger(logger),
  });
  await app.listen();
  logger.info({ nats: config.natsUrl, queue: queueGroupOf('identity') }, 'svc-identity is listening');
  return app;
}

if (require.main === module) {
  bootstrap()
    .then((app) => {
      // Drain NATS and close the database pool before leaving.
      const shutdown = () => void app.close().finally(() => process.exit(0));
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    })
    .catch((error: unknown) => {
      // Configuration or database problems: say why on stderr and stop.
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
