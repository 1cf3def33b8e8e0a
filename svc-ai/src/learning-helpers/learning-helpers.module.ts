import { LOGGER } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { GovernanceModule } from '../governance/governance.module';
import { IllustrationsModule } from '../illustrations/illustrations.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createLearningHelpers } from '../providers/create-learning-helpers';
import { LEARNING_HELPER_RUNNERS } from '../providers/learning-helper';
import { QueryExpander } from '../search/query-expander';
import { SearchModule } from '../search/search.module';
import { LearningHelpersHandlers } from './learning-helpers.handlers';
import { LearningHelpersService } from './learning-helpers.service';

/** The six learning helpers on a search result (summary, quiz, deep analysis, scenarios, visual outline, exercises). */
@Module({
  imports: [PromptsModule, GovernanceModule, SearchModule, IllustrationsModule],
  controllers: [LearningHelpersHandlers],
  providers: [
    {
      provide: LEARNING_HELPER_RUNNERS,
      useFactory: (config: AiConfig, expander: QueryExpander, prompts: PromptSource, logger: Logger) => createLearningHelpers(config, expander, prompts, logger),
      inject: [AI_CONFIG, QueryExpander, PROMPT_SOURCE, LOGGER],
    },
    LearningHelpersService,
  ],
})
export class LearningHelpersModule {}
