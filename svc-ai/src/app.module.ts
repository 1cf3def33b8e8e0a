import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from './config';
import { ErrorReplyFilter } from './errors/error-reply.filter';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { LessonsModule } from './lessons/lessons.module';
import { LOGGER } from './logging/logger';
import { RequestLoggingInterceptor } from './logging/request-logging.interceptor';
import { SkillsModule } from './skills/skills.module';

/** Configuration and the logger, available to every module without importing anything. */
@Global()
@Module({})
class CoreModule {
  static register(config: AiConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: AI_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [AI_CONFIG, LOGGER],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: AiConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.register(config, logger), HealthModule, SkillsModule, LessonsModule, ImagesModule],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: RequestLoggingInterceptor },
        { provide: APP_FILTER, useClass: ErrorReplyFilter },
      ],
    };
  }
}
