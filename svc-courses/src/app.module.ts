import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { CatalogModule } from './catalog/catalog.module';
import { COURSES_CONFIG, CoursesConfig } from './config';
import { CoursesModule } from './courses/courses.module';
import { coursesDataSourceOptions } from './database/data-source';
import { ErrorReplyFilter } from './errors/error-reply.filter';
import { HealthModule } from './health/health.module';
import { LOGGER } from './logging/logger';
import { RequestLoggingInterceptor } from './logging/request-logging.interceptor';

/** Configuration and the logger, available to every module without importing anything. */
@Global()
@Module({})
class CoreModule {
  static register(config: CoursesConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: COURSES_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [COURSES_CONFIG, LOGGER],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: CoursesConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger),
        TypeOrmModule.forRoot(coursesDataSourceOptions(config.databaseUrl)),
        CoursesModule,
        CatalogModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: RequestLoggingInterceptor },
        { provide: APP_FILTER, useClass: ErrorReplyFilter },
      ],
    };
  }
}
