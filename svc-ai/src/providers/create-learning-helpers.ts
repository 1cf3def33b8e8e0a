import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { QueryExpander } from '../search/query-expander';
import { LearningHelperRunner } from './learning-helper';
import { OfflineLearningHelpers } from './offline/learning-helpers/offline-learning-helpers';
import { OpenAiLearningHelper } from './openai/openai-learning-helper';
import { ProvidersByName } from './providers-by-name';

/** The offline helpers (passage, library and taxonomy), and the OpenAI-compatible ones when a key is configured. */
export function createLearningHelpers(config: AiConfig, expander: QueryExpander, prompts: PromptSource, logger: Logger): ProvidersByName<LearningHelperRunner> {
  return {
    offline: new OfflineLearningHelpers(expander),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiLearningHelper(config.openai, prompts, logger),
  };
}
