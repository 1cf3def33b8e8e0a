import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { PROGRESS_CONFIG, ProgressConfig } from './config';
import { progressDataSourceOptions } from './database/data-source';
import { AdminStatsModule } from './admin-stats/admin-stats.module';
import { EventsModule } from './events/events.module';
import { LearnerSkillsModule } from './learner-skills/learner-skills.module';
import { ProgressOverviewModule } from './progress-overview/progress-overview.module';
import { ErrorReplyFilter } from './errors/error-reply.filter';
import { HealthModule } from './health/health.module';
import { LearningPathsModule } from './learning-paths/learning-paths.module';
import { LessonProgressModule } from './lesson-progress/lesson-progress.module';
import { LOGGER } from './logging/logger';
import { RequestLoggingInterceptor } from './logging/request-logging.interceptor';

/** Configuration and the logger, available to every module without importing anything. */
@Global()
@Module({})
class CoreModule {
  static register(config: ProgressConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: PROGRESS_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [PROGRESS_CONFIG, LOGGER],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: ProgressConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger),
        TypeOrmModule.forRoot(progressDataSourceOptions(config.databaseUrl)),
        HealthModule,
        LessonProgressModule,
        LearningPathsModule,
        LearnerSkillsModule,
        ProgressOverviewModule,
        AdminStatsModule,
        EventsModule,
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: RequestLoggingInterceptor },
        { provide: APP_FILTER, useClass: ErrorReplyFilter },
      ],
    };
  }
}
