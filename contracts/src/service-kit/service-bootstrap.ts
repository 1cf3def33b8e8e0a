import 'reflect-metadata';
import { queueGroupOf, type ServiceName } from '../nats';
import { type DynamicModule, Global, type INestMicroservice, Module, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DestinationStream, Logger } from 'pino';
import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import { ErrorReplyFilter } from './error-reply.filter';
import { createServiceLogger, LOGGER, PinoNestLogger } from './logger';
import { natsPasswordFrom, natsServerOptions } from './nats-options';
import { RequestLoggingNatsServer } from './request-logging.nats-server';
import type { DatabaseServiceConfig, ServiceConfig } from './service-config';
import { runSchemaMigrations, type ServiceDatabase, serviceDataSourceOptions } from './service-database';
import { PostgresHealthCheck, type ServiceHealthOptions, ServiceHealthModule } from './service-health.module';
import { ServiceProbes } from './service-probes';
import { FinishActiveJobsOnShutdown } from './queue-shutdown';
import { processNameOf, SERVICE_IDENTITY, type ServiceIdentity } from './service-identity';

/** What makes one service different from the others; everything else is the kit's. */
export interface ServiceDefinition<TConfig extends ServiceConfig> {
  service: ServiceName;
  /** Reads and checks the environment (the service's `config.ts`); throws naming a bad variable. */
  loadConfig(env: NodeJS.ProcessEnv): TConfig;
  /** The token the service's modules inject its configuration with. */
  configToken: symbol;
  /** The service's own modules (its domains, queues). */
  modules(config: TConfig): NonNullable<ModuleMetadata['imports']>;
  /**
   * The Postgres schema the service owns: migrated before it serves, connected through TypeORM, and
   * its health is Postgres's. Without one, `health.check` says what the service's health is.
   */
  database?: ServiceDatabase;
  health?: Omit<ServiceHealthOptions, 'service'>;
  /** More for the "is listening" line (svc-ai names its model provider). */
  describe?(config: TConfig): Record<string, unknown>;
}

/**
 * Starts the service: `bootstrap(env, logDestination)`. Tests call it with their own environment and
 * read the log lines through `logDestination`; the process logs to stdout.
 */
export type ServiceBootstrap = ((env?: NodeJS.ProcessEnv, logDestination?: DestinationStream) => Promise<INestMicroservice>) & {
  /**
   * Only migrates the service's schema and resolves to the migrations it applied: `node dist/main.js migrate`,
   * what a Kubernetes init container runs before the service starts (deploy/k8s).
   */
  migrate(env?: NodeJS.ProcessEnv, logDestination?: DestinationStream): Promise<string[]>;
};

/** The identity, configuration, logger and error shape every module of a service can use without importing. */
@Global()
@Module({})
class ServiceCoreModule {
  static register(identity: ServiceIdentity, configToken: symbol, config: ServiceConfig, logger: Logger): DynamicModule {
    return {
      module: ServiceCoreModule,
      providers: [
        { provide: SERVICE_IDENTITY, useValue: identity },
        { provide: configToken, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: APP_FILTER, useClass: ErrorReplyFilter },
      ],
      exports: [SERVICE_IDENTITY, configToken, LOGGER],
    };
  }
}

@Module({})
class ServiceModule {}

/**
 * The start-up every service shares: check the configuration, migrate the service's schema, and
 * only then answer on NATS in the service's queue group, so several instances share the load.
 */
export function serviceBootstrap<TConfig extends ServiceConfig>(definition: ServiceDefinition<TConfig>): ServiceBootstrap {
  const migrate = async (env: NodeJS.ProcessEnv = process.env, logDestination?: DestinationStream): Promise<string[]> => {
    const config = definition.loadConfig(env);
    const logger = createServiceLogger(processNameOf(definition.service), config.logLevel, logDestination);
    if (!definition.database) {
      logger.info('no schema to migrate');
      return [];
    }
    const applied = await runSchemaMigrations(serviceDataSourceOptions(definition.database, databaseUrlOf(config)));
    logger.info({ applied }, 'migrations are up to date');
    return applied;
  };
  const start = async (env: NodeJS.ProcessEnv = process.env, logDestination?: DestinationStream): Promise<INestMicroservice> => {
    const { service } = definition;
    const config = definition.loadConfig(env);
    const natsPassword = natsPasswordFrom(service, env);
    const logger = createServiceLogger(processNameOf(service), config.logLevel, logDestination);
    const dataSourceOptions = definition.database && serviceDataSourceOptions(definition.database, databaseUrlOf(config));
    if (dataSourceOptions) {
      const applied = await runSchemaMigrations(dataSourceOptions);
      logger.info({ applied }, 'migrations are up to date');
    } else if (!definition.health?.check) {
      throw new Error(`${processNameOf(service)} needs a database or a health check of its own`);
    }

    const identity: ServiceIdentity = { service, natsUrl: config.natsUrl, natsPassword };
    // A provider, so that closing the app turns readiness down first and closes the port last.
    const probes = new ServiceProbes();
    const root: DynamicModule = {
      module: ServiceModule,
      // On SIGTERM: readiness down, then the jobs in progress finish, then NATS and the database close.
      providers: [{ provide: ServiceProbes, useValue: probes }, FinishActiveJobsOnShutdown],
      imports: [
        ServiceCoreModule.register(identity, definition.configToken, config, logger),
        ...(dataSourceOptions ? [TypeOrmModule.forRoot(dataSourceOptions)] : []),
        ServiceHealthModule.register({ service, ...definition.health }),
        ...definition.modules(config),
      ],
    };
    const server = new RequestLoggingNatsServer(natsServerOptions(service, config.natsUrl, identity.natsPassword), logger);
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
      strategy: server,
      logger: new PinoNestLogger(logger),
      // A failed start rejects (and is logged by runServiceProcess) instead of aborting the process.
      abortOnError: false,
    });
    await app.listen();
    // A round trip to the NATS server: once it answers, it has taken in every subscription, so a
    // caller told "listening" never meets "no responders" (seen on loaded machines).
    await server.unwrap<NatsConnection>().flush();
    const probePort =
      config.probePort === undefined
        ? undefined
        : await probes.start(config.probePort, {
            natsConnected: () => !server.unwrap<NatsConnection>().isClosed(),
            postgres: dataSourceOptions && new PostgresHealthCheck(app.get<DataSource>(getDataSourceToken()), identity),
          });
    const queue = queueGroupOf(service);
    logger.info({ nats: config.natsUrl, queue, probePort, ...definition.describe?.(config) }, `${processNameOf(service)} is listening`);
    return app;
  };
  return Object.assign(start, { migrate });
}

function databaseUrlOf(config: ServiceConfig): string {
  const { databaseUrl } = config as Partial<DatabaseServiceConfig>;
  if (!databaseUrl) {
    throw new Error('A service with a database needs DATABASE_URL in its configuration');
  }
  return databaseUrl;
}

/**
 * `node dist/main.js`: start, close cleanly on SIGTERM/SIGINT, and say why on a failed start.
 * `node dist/main.js migrate`: migrate the schema, then exit (0 once it is up to date).
 */
export function runServiceProcess(service: ServiceName, bootstrap: ServiceBootstrap): void {
  if (process.argv[2] === 'migrate') {
    bootstrap.migrate().then(
      () => process.exit(0),
      (error: unknown) => {
        createServiceLogger(processNameOf(service), 'info').fatal({ err: error }, `${processNameOf(service)} could not migrate`);
        process.exit(1);
      },
    );
    return;
  }
  bootstrap()
    .then((app) => {
      // Leave the queue group, close NATS and the database pool, then exit.
      const shutdown = () => void app.close().finally(() => process.exit(0));
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    })
    .catch((error: unknown) => {
      // Configuration, database or NATS problems: one structured line saying why, then stop.
      createServiceLogger(processNameOf(service), 'info').fatal({ err: error }, `${processNameOf(service)} could not start`);
      process.exit(1);
    });
}
