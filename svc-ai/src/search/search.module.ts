import { LOGGER } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createSearchAnswerers } from '../providers/create-search-answerer';
import { SEARCH_ANSWERERS } from '../providers/search-answerer';
import { SkillExtractor } from '../skills/extraction/skill-extractor';
import { SkillsModule } from '../skills/skills.module';
import { QueryExpander } from './query-expander';
import { SearchHandlers } from './search.handlers';
import { SearchService } from './search.service';

/** Course search's side in svc-ai: reading a query through the taxonomy, and the answer grounded in the passages found. */
@Module({
  imports: [PromptsModule, GovernanceModule, SkillsModule],
  controllers: [SearchHandlers],
  providers: [
    // The extractor's matcher already holds every spelling: one trie for postings and queries.
    { provide: QueryExpander, useFactory: (extractor: SkillExtractor) => QueryExpander.fromTaxonomy(extractor.taxonomy, extractor.matcher), inject: [SkillExtractor] },
    {
      provide: SEARCH_ANSWERERS,
      useFactory: (config: AiConfig, expander: QueryExpander, prompts: PromptSource, logger: Logger) => createSearchAnswerers(config, expander, prompts, logger),
      inject: [AI_CONFIG, QueryExpander, PROMPT_SOURCE, LOGGER],
    },
    SearchService,
  ],
  exports: [QueryExpander],
})
export class SearchModule {}
