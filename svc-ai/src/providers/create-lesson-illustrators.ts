import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { QueryExpander } from '../search/query-expander';
import { LessonIllustrator } from './lesson-illustrator';
import { OfflineLessonIllustrator } from './offline/offline-lesson-illustrator';
import { OpenAiLessonIllustrator } from './openai/openai-lesson-illustrator';
import { ProvidersByName } from './providers-by-name';

/** The drawn diagram always; an image model's picture when a key is configured. */
export function createLessonIllustrators(config: AiConfig, expander: QueryExpander, prompts: PromptSource, logger: Logger): ProvidersByName<LessonIllustrator> {
  return {
    offline: new OfflineLessonIllustrator(expander),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiLessonIllustrator(config.openai, config.images.size, prompts, logger),
  };
}
