import { LOGGER } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createLessonIllustrators } from '../providers/create-lesson-illustrators';
import { LESSON_ILLUSTRATORS } from '../providers/lesson-illustrator';
import { QueryExpander } from '../search/query-expander';
import { SearchModule } from '../search/search.module';
import { StoredIllustration } from './entities/stored-illustration.entity';
import { IllustrationsHandlers } from './illustrations.handlers';
import { IllustrationsService } from './illustrations.service';

/** Lesson illustrations: made (a diagram offline, an image model with one configured), kept once, given back as PNG. */
@Module({
  imports: [TypeOrmModule.forFeature([StoredIllustration]), PromptsModule, GovernanceModule, SearchModule],
  controllers: [IllustrationsHandlers],
  providers: [
    {
      provide: LESSON_ILLUSTRATORS,
      useFactory: (config: AiConfig, expander: QueryExpander, prompts: PromptSource, logger: Logger) => createLessonIllustrators(config, expander, prompts, logger),
      inject: [AI_CONFIG, QueryExpander, PROMPT_SOURCE, LOGGER],
    },
    IllustrationsService,
  ],
  exports: [IllustrationsService],
})
export class IllustrationsModule {}
