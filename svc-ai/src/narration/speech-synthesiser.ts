import type { Language } from '@masar/contracts';

/** One way of turning text into MP3: the offline voice (espeak-ng) or an OpenAI-compatible speech API. */
export interface SpeechSynthesiser {
  /**
   * Names what would speak `language` (engine, model, voice, encoding): part of a narration's key,
   * so another voice makes another recording rather than reusing one.
   */
  voiceOf(language: Language): string;
  /** The MP3 bytes of `text` spoken in `language`. */
  synthesise(text: string, language: Language): Promise<Uint8Array>;
}

export const SPEECH_SYNTHESISERS = Symbol('SPEECH_SYNTHESISERS');
