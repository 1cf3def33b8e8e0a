import type { Language } from '@masar/contracts';
import OpenAI from 'openai';
import type { Logger } from 'pino';
import type { OpenAiConfig } from '../config';
import { aiCallModelOverride, recordCompletion } from '../governance/ai-call-context';
import { AiProviderError } from '../providers/ai-provider-error';
import { openAiClientOf, unavailableReason } from '../providers/openai/openai-chat';
import type { SpeechSynthesiser } from './speech-synthesiser';

/** The speech API takes at most 4,096 characters per request: longer lessons are spoken in parts. */
export const SPEECH_INPUT_LIMIT = 4000;

/** `text` cut into parts of at most `limit` characters, at paragraph, then sentence, then word ends. */
export function speechParts(text: string, limit = SPEECH_INPUT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const sentenceEnd = Math.max(...['. ', '! ', '? ', '؟ ', '.\n'].map((end) => window.lastIndexOf(end)));
    const cut = [window.lastIndexOf('\n\n'), sentenceEnd, window.lastIndexOf(' ')].find((index) => index > limit / 2);
    const end = cut === undefined ? limit : cut + 1;
    parts.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

/**
 * An OpenAI-compatible speech endpoint (`audio.speech.create`), model and voice from configuration
 * (an admin's model for the feature overrides the model). MP3 frames join end to end, so a long
 * lesson spoken in parts is one file.
 */
export class OpenAiSpeechSynthesiser implements SpeechSynthesiser {
  private readonly client: OpenAI;

  constructor(
    private readonly config: OpenAiConfig,
    private readonly speech: { model: string; voice: string },
    private readonly logger: Logger,
  ) {
    this.client = openAiClientOf(config);
  }

  private model(): string {
    return aiCallModelOverride() ?? this.speech.model;
  }

  voiceOf(language: Language): string {
    // The voice speaks whatever language it is given: the language still keys the recording.
    return `openai/${this.model()}/${this.speech.voice}/${language}`;
  }

  async synthesise(text: string): Promise<Uint8Array> {
    const model = this.model();
    const audio: Buffer[] = [];
    for (const input of speechParts(text)) {
      let bytes: Buffer;
      try {
        const response = await this.client.audio.speech.create({ model, voice: this.speech.voice, input, response_format: 'mp3' });
        bytes = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        const reason = unavailableReason(error, this.config, model);
        this.logger.warn({ err: error, model }, `speech model unavailable: ${reason}`);
        throw new AiProviderError(503, `The speech model is unavailable: ${reason}`);
      }
      recordCompletion(model, undefined);
      if (bytes.length === 0) throw new AiProviderError(502, 'The speech model returned no audio');
      audio.push(bytes);
    }
    return Buffer.concat(audio);
  }
}
