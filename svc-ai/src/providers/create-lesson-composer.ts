import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { LessonComposer } from './lesson-composer';
import { OfflineLessonComposer } from './offline/offline-lesson-composer';
import { OpenAiLessonComposer } from './openai/openai-lesson-composer';

/** The composer of the configured provider (see `loadConfig` for how it is chosen). */
export function createLessonComposer(config: AiConfig, prompts: PromptSource, logger: Logger): LessonComposer {
  return config.provider === 'openai' ? new OpenAiLessonComposer(config.openai, prompts, logger) : new OfflineLessonComposer();
}
