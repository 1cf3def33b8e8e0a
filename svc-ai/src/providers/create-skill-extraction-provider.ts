import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { SkillExtractor } from '../skills/extraction/skill-extractor';
import { OfflineSkillProvider } from './offline/offline-skill-provider';
import { OpenAiSkillProvider } from './openai/openai-skill-provider';
import { ProvidersByName } from './providers-by-name';
import { SkillExtractionProvider } from './skill-extraction-provider';

/** The offline extractor, and the OpenAI-compatible one when a key is configured. */
export function createSkillExtractionProviders(
  config: AiConfig,
  extractor: SkillExtractor,
  prompts: PromptSource,
  logger: Logger,
): ProvidersByName<SkillExtractionProvider> {
  return {
    offline: new OfflineSkillProvider(extractor),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiSkillProvider(config.openai, extractor, prompts, logger),
  };
}
