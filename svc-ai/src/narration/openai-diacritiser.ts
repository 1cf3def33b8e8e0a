import { PROMPT_TEMPLATE_NAMES } from '@masar/contracts';
import { Logger } from 'pino';
import { z } from 'zod';
import { OpenAiConfig } from '../config';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../prompts/built-in-prompts';
import { PromptSource } from '../prompts/prompt-source';
import { AiProviderError } from '../providers/ai-provider-error';
import { OpenAiChat, templateSettings } from '../providers/openai/openai-chat';
import { lacksVowelMarks, onlyVowelMarksAdded, piecesOf } from './arabic-vowel-marks';

/** A model asked for a few paragraphs at a time answers within its output limit and its time limit. */
const MAX_PIECE_CHARACTERS = 1500;

const markedTextSchema = z.object({ text: z.string() });

export const WORDS_CHANGED_MESSAGE = 'The AI model changed the words while adding vowel marks';

/** Adds Arabic vowel marks before the offline voice reads a text. */
export interface Diacritiser {
  addVowelMarks(text: string): Promise<string>;
}

export const DIACRITISER = Symbol('DIACRITISER');

/**
 * Vowel marks from an OpenAI-compatible model and the `arabic-diacritics` template, a few paragraphs
 * at a time (pieces already marked, or with no Arabic, are left as they are). An answer that is not
 * its piece with marks added, and nothing else, is refused as a whole.
 */
export class OpenAiDiacritiser implements Diacritiser {
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly prompts: PromptSource,
    logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async addVowelMarks(text: string): Promise<string> {
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.ARABIC_DIACRITICS, { languageName: LANGUAGE_NAMES_FOR_PROMPTS.ar });
    const marked: string[] = [];
    for (const piece of piecesOf(text, MAX_PIECE_CHARACTERS)) {
      if (!lacksVowelMarks(piece)) {
        marked.push(piece);
        continue;
      }
      const answer = await this.chat.complete(
        {
          ...templateSettings(prompt),
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: JSON.stringify({ text: piece }) },
          ],
          response_format: { type: 'json_object' },
        },
        'The AI model declined to add vowel marks',
      );
      const parsed = markedTextSchema.safeParse(this.chat.parseJson(answer));
      if (!parsed.success) throw this.chat.wrongShape(answer, 'The AI model returned JSON without the marked text');
      if (!onlyVowelMarksAdded(piece, parsed.data.text)) throw new AiProviderError(502, WORDS_CHANGED_MESSAGE);
      marked.push(parsed.data.text.normalize('NFC'));
    }
    return marked.join('');
  }
}
