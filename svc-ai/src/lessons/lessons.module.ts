import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createLessonComposers } from '../providers/create-lesson-composer';
import { LESSON_COMPOSERS } from '../providers/lesson-composer';
import { LessonsHandlers } from './lessons.handlers';
import { LessonsService } from './lessons.service';

@Module({
  imports: [PromptsModule, GovernanceModule],
  controllers: [LessonsHandlers],
  providers: [
    {
      provide: LESSON_COMPOSERS,
      useFactory: (config: AiConfig, prompts: PromptSource, logger: Logger) => createLessonComposers(config, prompts, logger),
      inject: [AI_CONFIG, PROMPT_SOURCE, LOGGER],
    },
    LessonsService,
  ],
})
export class LessonsModule {}
