import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createSkillExtractionProviders } from '../providers/create-skill-extraction-provider';
import { ProvidersByName } from '../providers/providers-by-name';
import { SKILL_EXTRACTION_PROVIDER, SKILL_EXTRACTION_PROVIDERS, SkillExtractionProvider } from '../providers/skill-extraction-provider';
import { SkillExtractor } from './extraction/skill-extractor';
import { SkillsHandlers } from './skills.handlers';
import { SkillsService } from './skills.service';
import { SKILLS_TAXONOMY } from './skills.tokens';
import { loadTaxonomy, Taxonomy } from './taxonomy/taxonomy';

@Module({
  imports: [PromptsModule, GovernanceModule],
  controllers: [SkillsHandlers],
  providers: [
    // Read and indexed once at boot: a broken taxonomy file stops the service before it listens.
    { provide: SKILLS_TAXONOMY, useFactory: () => loadTaxonomy() },
    { provide: SkillExtractor, useFactory: (taxonomy: Taxonomy) => SkillExtractor.fromTaxonomy(taxonomy), inject: [SKILLS_TAXONOMY] },
    {
      provide: SKILL_EXTRACTION_PROVIDERS,
      useFactory: (config: AiConfig, extractor: SkillExtractor, prompts: PromptSource, logger: Logger) =>
        createSkillExtractionProviders(config, extractor, prompts, logger),
      inject: [AI_CONFIG, SkillExtractor, PROMPT_SOURCE, LOGGER],
    },
    {
      // The configured provider's: the one health reports (`loadConfig` makes `openai` only with a key).
      provide: SKILL_EXTRACTION_PROVIDER,
      useFactory: (config: AiConfig, providers: ProvidersByName<SkillExtractionProvider>) => providers[config.provider] ?? providers.offline,
      inject: [AI_CONFIG, SKILL_EXTRACTION_PROVIDERS],
    },
    SkillsService,
  ],
  exports: [SKILL_EXTRACTION_PROVIDER, SKILLS_TAXONOMY, SkillExtractor],
})
export class SkillsModule {}
