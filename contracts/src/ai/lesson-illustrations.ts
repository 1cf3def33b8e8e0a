import { z } from 'zod';
import { languageSchema } from '../identity/identity.schemas';
import { aiProviderSchema } from './ai';
import { looksBlank } from './prompts';

/**
 * Lesson illustrations (spec 001 sections 2 "Lesson view" and 8; issue 14): a picture of a lesson's
 * key ideas and how they connect, made by svc-ai (a diagram offline, an image model with one
 * configured), stored once per lesson text and served as PNG.
 */

/** Longest lesson text an illustration is made from (characters). */
export const MAX_ILLUSTRATION_CONTENT_LENGTH = 20_000;
/** The spec sends the first 300 characters of the content as the summary. */
export const MAX_ILLUSTRATION_SUMMARY_LENGTH = 1_000;
export const MAX_ILLUSTRATION_KEY_POINTS = 12;

export const LESSON_ILLUSTRATION_MESSAGES = {
  titleBlank: 'Title is required',
  contentBlank: 'The lesson has no text to illustrate',
  contentTooLong: `The lesson text must be ${MAX_ILLUSTRATION_CONTENT_LENGTH} characters or fewer`,
  summaryTooLong: `The lesson summary must be ${MAX_ILLUSTRATION_SUMMARY_LENGTH} characters or fewer`,
  notFound: 'Illustration not found',
  tooLittleText: 'The lesson has too little text to illustrate: write its key points first',
  badKey: 'That is not an illustration address',
} as const;

const visibleText = (blank: string, max: number, tooLong: string) =>
  z
    .string({ error: blank })
    .refine((text) => !looksBlank(text), { error: blank })
    .refine((text) => text.length <= max, { error: tooLong });

/** `POST /api/lessons/generate-image` (spec): title, content and the first 300 characters as a summary; key points when the page has them. */
export const generateLessonImageBodySchema = z.object({
  title: visibleText(LESSON_ILLUSTRATION_MESSAGES.titleBlank, 300, 'Title must be 300 characters or fewer').transform((text) => text.trim()),
  content: visibleText(LESSON_ILLUSTRATION_MESSAGES.contentBlank, MAX_ILLUSTRATION_CONTENT_LENGTH, LESSON_ILLUSTRATION_MESSAGES.contentTooLong),
  lessonSummary: z.string().max(MAX_ILLUSTRATION_SUMMARY_LENGTH, { error: LESSON_ILLUSTRATION_MESSAGES.summaryTooLong }).default(''),
  keyPoints: z.array(z.string().trim().max(500)).max(MAX_ILLUSTRATION_KEY_POINTS).default([]),
  /** The course's skills (taxonomy names): a word of the lesson that also spells a skill of another field is not drawn as one. */
  skills: z.array(z.string().trim().max(120)).max(40).default([]),
  /** Draw the labels in this language's direction; by default the lesson text's own. */
  language: languageSchema.optional(),
});
export type GenerateLessonImageBody = z.input<typeof generateLessonImageBodySchema>;

export const generateLessonImageReplySchema = z.object({
  /** `/api/lesson-illustrations/<key>.png` */
  imageUrl: z.string(),
});
export type GenerateLessonImageReply = z.infer<typeof generateLessonImageReplySchema>;

/** `ai.illustrations.generate`: the body as the gateway validated it. */
export const generateIllustrationRequestSchema = generateLessonImageBodySchema;
export type GenerateIllustrationRequest = z.output<typeof generateIllustrationRequestSchema>;

/** A content hash: the same lesson text, provider and model give the same key (and the stored picture). */
export const illustrationKeySchema = z.string().regex(/^[0-9a-f]{64}$/, { error: LESSON_ILLUSTRATION_MESSAGES.badKey });

export const generateIllustrationReplySchema = z.object({
  key: illustrationKeySchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
  provider: aiProviderSchema,
  model: z.string(),
});
export type GenerateIllustrationReply = z.infer<typeof generateIllustrationReplySchema>;

/** `ai.illustrations.get` {key} → the PNG (base64: a picture is well under NATS' 1 MB message). */
export const getIllustrationRequestSchema = z.object({ key: illustrationKeySchema });
export type GetIllustrationRequest = z.infer<typeof getIllustrationRequestSchema>;
export const getIllustrationReplySchema = z.object({ pngBase64: z.string().min(1) });
export type GetIllustrationReply = z.infer<typeof getIllustrationReplySchema>;

/** Where the gateway serves a stored illustration. */
export function lessonIllustrationUrl(key: string): string {
  return `/api/lesson-illustrations/${key}.png`;
}

/**
 * The download's file name (spec): the title lowercased, non-alphanumerics as underscores, then
 * `_explanation.png`. Letters and digits of any script count as alphanumerics, so an Arabic title
 * keeps its words.
 */
export function illustrationFileName(lessonTitle: string): string {
  return `${lessonTitle.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '_')}_explanation.png`;
}
