import { findInstructionSpans, GenerateIllustrationRequest, isInstructionToModel, languageOfLetters, PROMPT_TEMPLATE_NAMES } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../../prompts/built-in-prompts';
import { PromptSource } from '../../prompts/prompt-source';
import { AiProviderError } from '../ai-provider-error';
import { LessonIllustration, LessonIllustrator } from '../lesson-illustrator';
import { splitSentences } from '../../skills/extraction/sentence-splitter';
import { OpenAiChat } from './openai-chat';
import { withoutInstructions } from './skill-extraction-prompt';

/** Largest picture kept from a model (a 1536×1024 PNG is 2-3 MB). */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** The lesson text an image model is shown: its summary and key points carry what a picture can hold. */
const MAX_PROMPT_TEXT = 1500;

/** PNG width and height from its header, or null when the bytes are not a PNG. */
export function pngSizeOf(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * An image model's picture of the lesson (stored template `lesson-illustration`): the template's
 * instructions, then the lesson as JSON without any sentence addressed to software.
 */
export class OpenAiLessonIllustrator implements LessonIllustrator {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly imageSize: string,
    private readonly prompts: PromptSource,
    logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async illustrate(request: GenerateIllustrationRequest): Promise<LessonIllustration> {
    const language = request.language ?? languageOfLetters(`${request.title}\n${request.content}`, 'en');
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.LESSON_ILLUSTRATION, { languageName: LANGUAGE_NAMES_FOR_PROMPTS[language] });
    const summary = (request.lessonSummary.trim() || request.content).slice(0, MAX_PROMPT_TEXT);
    const lesson = {
      title: request.title,
      summary: withoutInstructions(summary, findInstructionSpans(summary, splitSentences(summary))),
      keyPoints: request.keyPoints.filter((point) => !isInstructionToModel(point)),
    };
    const png = await this.chat.generateImage({ model: prompt.model, prompt: `${prompt.system}\n\n${JSON.stringify(lesson)}`, size: this.imageSize });
    const size = pngSizeOf(png);
    if (size === null) throw new AiProviderError(502, 'The AI model returned an image that is not a PNG');
    if (png.length > MAX_IMAGE_BYTES) throw new AiProviderError(502, 'The AI model returned an image larger than 8 MB');
    return { png, ...size };
  }
}
