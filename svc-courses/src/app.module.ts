import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { BullModule } from '@nestjs/bull';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { CatalogModule } from './catalog/catalog.module';
import { COURSES_CONFIG, CoursesConfig } from './config';
import { CourseAuthoringModule } from './course-authoring/course-authoring.module';
import { CourseCreationModule } from './course-creation/course-creation.module';
import { CoursesModule } from './courses/courses.module';
import { coursesDataSourceOptions } from './database/data-source';
import { ErrorReplyFilter } from './errors/error-reply.filter';
import { HealthModule } from './health/health.module';
import { PathCandidatesModule } from './path-candidates/path-candidates.module';
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

/**
 * Queues are kept per database: a test's or a second platform's svc-courses (another database,
 * the same Redis) never takes jobs whose task rows it cannot see.
 */
export function queuePrefixOf(databaseUrl: string): string {
  const database = new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres';
  return `masar:bull:${database}`;
}

@Module({})
export class AppModule {
  static register(config: CoursesConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger),
        TypeOrmModule.forRoot(coursesDataSourceOptions(config.databaseUrl)),
        BullModule.forRoot({ redis: config.redisUrl, prefix: queuePrefixOf(config.databaseUrl) }),
        CoursesModule,
        CourseAuthoringModule,
        CourseCreationModule,
        CatalogModule,
        PathCandidatesModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: RequestLoggingInterceptor },
        { provide: APP_FILTER, useClass: ErrorReplyFilter },
      ],
    };
  }
}
