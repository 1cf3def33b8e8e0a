import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { LessonComposer } from './lesson-composer';
import { OfflineLessonComposer } from './offline/offline-lesson-composer';
import { OpenAiLessonComposer } from './openai/openai-lesson-composer';
import { ProvidersByName } from './providers-by-name';

/** The offline composer, and the OpenAI-compatible one when a key is configured. */
export function createLessonComposers(config: AiConfig, prompts: PromptSource, logger: Logger): ProvidersByName<LessonComposer> {
  return {
    offline: new OfflineLessonComposer(),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiLessonComposer(config.openai, prompts, logger),
  };
}
