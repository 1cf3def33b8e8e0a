import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { LessonFactChecker } from './lesson-fact-checker';
import { OfflineFactChecker } from './offline/offline-fact-checker';
import { OpenAiFactChecker } from './openai/openai-fact-checker';
import { ProvidersByName } from './providers-by-name';

/** The offline fact checker (a 501), and the OpenAI-compatible one when a key is configured. */
export function createLessonFactCheckers(config: AiConfig, prompts: PromptSource, logger: Logger): ProvidersByName<LessonFactChecker> {
  return {
    offline: new OfflineFactChecker(),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiFactChecker(config.openai, prompts, logger),
  };
}
