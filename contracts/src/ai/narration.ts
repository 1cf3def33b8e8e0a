import { z } from 'zod';
import { languageSchema } from '../identity/identity.schemas';

// Lesson narration (issue 14): svc-ai speaks a lesson's text once and keeps the MP3; the gateway serves it.

/**
 * Longest lesson text narrated in one request, in characters: a lesson is at most a few thousand
 * words (about 5,000 words of English or Arabic), and longer text would take minutes to speak.
 */
export const MAX_NARRATION_CHARACTERS = 30_000;
/** Longest title sent with a narration request. */
export const MAX_NARRATION_TITLE_CHARACTERS = 300;

/** The JetStream object store holding narrations: svc-ai writes, the gateway reads. Kept without TTL. */
export const NARRATION_BUCKET = 'masar-narration';

export const NARRATION_TEXT_REQUIRED_MESSAGE = 'Text is required';
export const NARRATION_TEXT_TOO_LONG_MESSAGE = `The lesson text is too long to narrate (at most ${MAX_NARRATION_CHARACTERS.toLocaleString('en')} characters)`;
export const NARRATION_NOTHING_TO_SAY_MESSAGE = 'The lesson text has nothing that can be read aloud';

/** A narration's key: the sha256 (hex) of what was spoken, its language and the voice that spoke it. */
export const NARRATION_KEY_PATTERN = /^[0-9a-f]{64}$/;
export const narrationKeySchema = z.string().regex(NARRATION_KEY_PATTERN);

/** Where the gateway serves the narration of `key`. */
export function narrationAudioPath(key: string): string {
  return `/api/media/narration/${key}.mp3`;
}

/**
 * True when `text` has something a voice could say: letters or digits, not only spaces, zero-width
 * characters, marks or punctuation.
 */
export function hasSpeakableText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** The browser's call, `POST /api/lessons/generate-audio`, as the spec names it. */
export const generateLessonAudioRequestSchema = z.object({
  text: z
    .string({ error: NARRATION_TEXT_REQUIRED_MESSAGE })
    .refine(hasSpeakableText, { message: NARRATION_TEXT_REQUIRED_MESSAGE })
    .refine((text) => text.length <= MAX_NARRATION_CHARACTERS, { message: NARRATION_TEXT_TOO_LONG_MESSAGE }),
  title: z.string().trim().max(MAX_NARRATION_TITLE_CHARACTERS).default(''),
});
export type GenerateLessonAudioRequest = z.infer<typeof generateLessonAudioRequestSchema>;

export const generateLessonAudioReplySchema = z.object({
  audioUrl: z.string(),
  /** Exactly the text that was spoken (the lesson text made ready for speech). */
  textContent: z.string(),
});
export type GenerateLessonAudioReply = z.infer<typeof generateLessonAudioReplySchema>;

/** `AI_SUBJECTS.GENERATE_NARRATION`: the gateway asks svc-ai in the person's name (the caller header). */
export const generateNarrationRequestSchema = z.object({
  text: generateLessonAudioRequestSchema.shape.text,
  title: z.string().trim().max(MAX_NARRATION_TITLE_CHARACTERS).default(''),
  /** The voice's language; read from the text's letters when absent. */
  language: languageSchema.optional(),
});
export type GenerateNarrationRequest = z.infer<typeof generateNarrationRequestSchema>;

export const generateNarrationReplySchema = z.object({
  audioKey: narrationKeySchema,
  textContent: z.string(),
  language: languageSchema,
  bytes: z.number().int().positive(),
  durationSeconds: z.number().nonnegative().optional(),
  /** True when the recording was already stored for this text and voice, so nothing was spoken again. */
  reused: z.boolean().optional(),
});
export type GenerateNarrationReply = z.infer<typeof generateNarrationReplySchema>;
