import { Logger } from 'pino';
import { AiConfig } from '../config';
import { PromptSource } from '../prompts/prompt-source';
import { ImageDescriber } from './image-describer';
import { OfflineImageDescriber } from './offline/offline-image-describer';
import { OpenAiImageDescriber } from './openai/openai-image-describer';
import { ProvidersByName } from './providers-by-name';

/** The offline describer (a 501), and the OpenAI-compatible one when a key is configured. */
export function createImageDescribers(config: AiConfig, prompts: PromptSource, logger: Logger): ProvidersByName<ImageDescriber> {
  return {
    offline: new OfflineImageDescriber(),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiImageDescriber(config.openai, prompts, logger),
  };
}
