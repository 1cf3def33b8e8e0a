import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { ImageDescriber } from './image-describer';
import { OfflineImageDescriber } from './offline/offline-image-describer';
import { OpenAiImageDescriber } from './openai/openai-image-describer';

/** The describer of the configured provider (see `loadConfig` for how it is chosen). */
export function createImageDescriber(config: AiConfig, prompts: PromptSource, logger: Logger): ImageDescriber {
  return config.provider === 'openai' ? new OpenAiImageDescriber(config.openai, prompts, logger) : new OfflineImageDescriber();
}
