import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { JOBS_CONFIG, JobsConfig } from './config';
import { jobsDataSourceOptions } from './database/data-source';
import { ErrorReplyFilter } from './errors/error-reply.filter';
import { HealthModule } from './health/health.module';
import { JobDescriptionsModule } from './job-descriptions/job-descriptions.module';
import { LOGGER } from './logging/logger';
import { PredefinedRolesModule } from './predefined-roles/predefined-roles.module';
import { RequestLoggingInterceptor } from './logging/request-logging.interceptor';

/** Configuration and the logger, available to every module without importing anything. */
@Global()
@Module({})
class CoreModule {
  static register(config: JobsConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: JOBS_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [JOBS_CONFIG, LOGGER],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: JobsConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger),
        TypeOrmModule.forRoot(jobsDataSourceOptions(config.databaseUrl)),
        JobDescriptionsModule,
        PredefinedRolesModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: RequestLoggingInterceptor },
        { provide: APP_FILTER, useClass: ErrorReplyFilter },
      ],
    };
  }
}
