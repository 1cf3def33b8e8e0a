import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { SkillExtractor } from '../skills/extraction/skill-extractor';
import { OfflineSkillProvider } from './offline/offline-skill-provider';
import { OpenAiSkillProvider } from './openai/openai-skill-provider';
import { SkillExtractionProvider } from './skill-extraction-provider';

/** The provider the configuration names (see `loadConfig` for how it is chosen). */
export function createSkillExtractionProvider(
  config: AiConfig,
  extractor: SkillExtractor,
  prompts: PromptSource,
  logger: Logger,
): SkillExtractionProvider {
  return config.provider === 'openai'
    ? new OpenAiSkillProvider(config.openai, extractor, prompts, logger)
    : new OfflineSkillProvider(extractor);
}
