import 'reflect-metadata';
import { queueGroupOf } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { loadConfig } from './config';
import { runJobsMigrations } from './database/run-migrations';
import { createLogger, PinoNestLogger } from './logging/logger';

/**
 * Starts svc-jobs: checks the configuration, migrates the `jobs` schema and only then
 * answers on NATS in the `svc-jobs` queue group, so several instances share the load.
 * `logDestination` lets a test read the log lines; the process logs to stdout.
 */
export async function bootstrap(
  env: NodeJS.ProcessEnv = process.env,
  logDestination?: DestinationStream,
): Promise<INestMicroservice> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel, logDestination);
  const applied = await runJobsMigrations(config.databaseUrl);
  logger.info({ applied }, 'migrations are up to date');

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule.register(config, logger), {
    transport: Transport.NATS,
    options: {
      servers: [config.natsUrl],
      queue: queueGroupOf('jobs'),
      name: 'svc-jobs',
      // On close, stop taking new messages first and give those in flight a moment to finish.
      gracefulShutdown: true,
      gracePeriod: 500,
    },
    logger: new PinoNestLogger(logger),
    // A failed start rejects (and is logged below) instead of aborting the process.
    abortOnError: false,
  });
  await app.listen();
  logger.info({ nats: config.natsUrl, queue: queueGroupOf('jobs') }, 'svc-jobs is listening');
  return app;
}

if (require.main === module) {
  bootstrap()
    .then((app) => {
      // Leave the queue group, close NATS and the database pool, then exit.
      const shutdown = () => void app.close().finally(() => process.exit(0));
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    })
    .catch((error: unknown) => {
      // Configuration, database or NATS problems: one structured line saying why, then stop.
      createLogger('info').fatal({ err: error }, 'svc-jobs could not start');
      process.exit(1);
    });
}
