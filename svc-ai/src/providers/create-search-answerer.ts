import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { QueryExpander } from '../search/query-expander';
import { OfflineSearchAnswerer } from './offline/offline-search-answerer';
import { OpenAiSearchAnswerer } from './openai/openai-search-answerer';
import { ProvidersByName } from './providers-by-name';
import { SearchAnswerer } from './search-answerer';

/** The offline (extractive) answerer, and the OpenAI-compatible one when a key is configured. */
export function createSearchAnswerers(config: AiConfig, expander: QueryExpander, prompts: PromptSource, logger: Logger): ProvidersByName<SearchAnswerer> {
  return {
    offline: new OfflineSearchAnswerer(expander),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiSearchAnswerer(config.openai, prompts, logger),
  };
}
