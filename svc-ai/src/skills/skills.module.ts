import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createSkillExtractionProvider } from '../providers/create-skill-extraction-provider';
import { SKILL_EXTRACTION_PROVIDER } from '../providers/skill-extraction-provider';
import { SkillExtractor } from './extraction/skill-extractor';
import { SkillsHandlers } from './skills.handlers';
import { SkillsService } from './skills.service';
import { SKILLS_TAXONOMY } from './skills.tokens';
import { loadTaxonomy, Taxonomy } from './taxonomy/taxonomy';

@Module({
  imports: [PromptsModule],
  controllers: [SkillsHandlers],
  providers: [
    // Read and indexed once at boot: a broken taxonomy file stops the service before it listens.
    { provide: SKILLS_TAXONOMY, useFactory: () => loadTaxonomy() },
    { provide: SkillExtractor, useFactory: (taxonomy: Taxonomy) => SkillExtractor.fromTaxonomy(taxonomy), inject: [SKILLS_TAXONOMY] },
    {
      provide: SKILL_EXTRACTION_PROVIDER,
      useFactory: (config: AiConfig, extractor: SkillExtractor, prompts: PromptSource, logger: Logger) =>
        createSkillExtractionProvider(config, extractor, prompts, logger),
      inject: [AI_CONFIG, SkillExtractor, PROMPT_SOURCE, LOGGER],
    },
    SkillsService,
  ],
  exports: [SKILL_EXTRACTION_PROVIDER],
})
export class SkillsModule {}
