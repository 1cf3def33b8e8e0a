import { PROMPT_TEMPLATE_NAMES } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { ImageDescriber, ImageDescriptionRequest } from '../image-describer';
import { imageDescriptionMessages } from './image-description-prompt';
import { PromptSource } from '../../prompts/prompt-source';
import { OpenAiChat, templateSettings } from './openai-chat';

/** Longest description kept: a model that runs on is cut at a sentence end. */
const MAX_DESCRIPTION_CHARACTERS = 1000;

/** Drops what models wrap plain text in despite being asked not to: surrounding quotes, a "Description:" label. */
function plainDescription(answer: string): string {
  let text = answer
    .trim()
    .replace(/^(?:\*\*)?(?:course )?description(?:\*\*)?\s*:\s*/i, '')
    .replace(/^["“”']+|["“”']+$/g, '')
    .trim();
  if (text.length > MAX_DESCRIPTION_CHARACTERS) {
    const cut = text.slice(0, MAX_DESCRIPTION_CHARACTERS);
    const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.'));
    text = end > 0 ? cut.slice(0, end + 1) : cut;
  }
  return text;
}

/** A course description from a vision-capable OpenAI-compatible model, the image sent as a data URL. */
export class OpenAiImageDescriber implements ImageDescriber {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly prompts: PromptSource,
    logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async describeImage(request: ImageDescriptionRequest): Promise<string> {
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.IMAGE_DESCRIPTION, { mediaType: request.mediaType });
    const answer = await this.chat.complete(
      { ...templateSettings(prompt), messages: imageDescriptionMessages(prompt.system, request) },
      'The AI model declined to describe this image',
    );
    const description = plainDescription(answer);
    if (description.length === 0) {
      throw this.chat.wrongShape(answer, 'The AI model returned an empty answer');
    }
    return description;
  }
}
