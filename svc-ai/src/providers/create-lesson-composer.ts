import { Logger } from 'pino';
import { AiConfig } from '../config';
import { LessonComposer } from './lesson-composer';
import { OfflineLessonComposer } from './offline/offline-lesson-composer';
import { OpenAiLessonComposer } from './openai/openai-lesson-composer';

/** The composer of the configured provider (see `loadConfig` for how it is chosen). */
export function createLessonComposer(config: AiConfig, logger: Logger): LessonComposer {
  return config.provider === 'openai' ? new OpenAiLessonComposer(config.openai, logger) : new OfflineLessonComposer();
}
