import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { IDENTITY_CONFIG, IdentityConfig } from './config';
import { identityDataSourceOptions } from './database/database-options';
import { ErrorReplyFilter } from './errors/error-reply.filter';
import { HealthModule } from './health/health.module';
import { LOGGER } from './logging/logger';
import { UsersModule } from './users/users.module';

/** Configuration and the logger, available to every module without importing anything. */
@Global()
@Module({})
class CoreModule {
  static register(config: IdentityConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [IDENTITY_CONFIG, LOGGER],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: IdentityConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger),
        TypeOrmModule.forRoot(identityDataSourceOptions(config.databaseUrl)),
        UsersModule,
        HealthModule,
      ],
      // Request logging lives in RequestLoggingNatsServer (see main.ts), not in an interceptor.
      providers: [{ provide: APP_FILTER, useClass: ErrorReplyFilter }],
    };
  }
}
