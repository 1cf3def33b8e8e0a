import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { ExerciseFeedbackWriter } from './exercise-feedback-writer';
import { OfflineExerciseFeedback } from './offline/offline-exercise-feedback';
import { OpenAiExerciseFeedback } from './openai/openai-exercise-feedback';
import { ProvidersByName } from './providers-by-name';

/** The offline coverage check always; the OpenAI-compatible writer when a key is configured. */
export function createExerciseFeedbackWriters(config: AiConfig, prompts: PromptSource, logger: Logger): ProvidersByName<ExerciseFeedbackWriter> {
  return {
    offline: new OfflineExerciseFeedback(),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiExerciseFeedback(config.openai, prompts, logger),
  };
}
