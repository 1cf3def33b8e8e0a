import { LOGGER } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createLessonFactCheckers } from '../providers/create-lesson-fact-checker';
import { LESSON_FACT_CHECKERS } from '../providers/lesson-fact-checker';
import { QualityHandlers } from './quality.handlers';
import { QualityService } from './quality.service';

/** The quality review's model check (factual consistency): svc-courses' Quality Assurance agent asks it. */
@Module({
  imports: [PromptsModule, GovernanceModule],
  controllers: [QualityHandlers],
  providers: [
    {
      provide: LESSON_FACT_CHECKERS,
      useFactory: (config: AiConfig, prompts: PromptSource, logger: Logger) => createLessonFactCheckers(config, prompts, logger),
      inject: [AI_CONFIG, PROMPT_SOURCE, LOGGER],
    },
    QualityService,
  ],
})
export class QualityModule {}
