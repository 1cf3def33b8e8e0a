import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { Logger } from 'pino';
import { AdminPeopleModule } from './admin-people/admin-people.module';
import { AiAgentsModule } from './ai-agents/ai-agents.module';
import { AiGovernanceModule } from './ai-governance/ai-governance.module';
import { AuthModule } from './auth/auth.module';
import { SsoModule } from './sso/sso.module';
import { LtiModule } from './lti/lti.module';
import { EmbedModule } from './embed/embed.module';
import { GATEWAY_CONFIG, GatewayConfig } from './config';
import { CoursesModule } from './courses/courses.module';
import { LearningPathsModule } from './learning-paths/learning-paths.module';
import { NarrationModule } from './narration/narration.module';
import { LessonIllustrationsModule } from './lesson-illustrations/lesson-illustrations.module';
import { CourseEditingModule } from './course-editing/course-editing.module';
import { CoursePublishingModule } from './course-publishing/course-publishing.module';
import { LessonVideoModule } from './lesson-video/lesson-video.module';
import { ProgressModule } from './progress/progress.module';
import { LessonPracticeModule } from './lesson-practice/lesson-practice.module';
import { PromptsModule } from './prompts/prompts.module';
import { HttpErrorFilter } from './errors/http-error.filter';
import { RefuseNulCharactersPipe } from './validation/nul-characters';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { LOGGER } from './logging/logger';
import { NatsModule } from './nats/nats.module';
import { RedisModule } from './redis/redis.module';
import { QualityModule } from './quality/quality.module';
import { SkillsModule } from './skills/skills.module';
import { UsersModule } from './users/users.module';
import { WebModule } from './web/web.module';

/** Configuration and the logger, available to every module without importing anything. */
@Global()
@Module({})
class CoreModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [GATEWAY_CONFIG, LOGGER],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger),
        RedisModule,
        NatsModule,
        AuthModule,
        SsoModule,
        LtiModule,
        EmbedModule,
        UsersModule,
        JobsModule,
        SkillsModule,
        CoursesModule,
        AiAgentsModule,
        NarrationModule,
        LessonIllustrationsModule,
        CourseEditingModule,
        CoursePublishingModule,
        LessonVideoModule,
        ProgressModule,
        LessonPracticeModule,
        LearningPathsModule,
        AdminPeopleModule,
        QualityModule,
        PromptsModule,
        AiGovernanceModule,
        HealthModule,
        WebModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        { provide: APP_PIPE, useClass: RefuseNulCharactersPipe },
      ],
    };
  }
}
