import { z } from 'zod';
import { languageSchema } from '../identity/identity.schemas';
import { aiProviderSchema } from './ai';

/**
 * Feedback on a learner's exercise submission (issue 14): svc-courses sends the exercise (its
 * instructions, self-assessment checklist and key points) and the learner's work (written, the text
 * read from attached documents, and references to attached pictures, which only a model that
 * accepts images looks at); svc-ai answers what the work covers and what seems missing.
 * Offline it is an automatic check of coverage, not a grade; with a model, the model's feedback.
 */

export const MAX_FEEDBACK_TEXT_LENGTH = 20_000;
export const MAX_FEEDBACK_ITEMS = 50;

/** Attached pictures a model that accepts images can look at (PNG, JPEG, WebP and GIF, as vision models take them). */
export const FEEDBACK_IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type FeedbackImageMediaType = (typeof FEEDBACK_IMAGE_MEDIA_TYPES)[number];

export const exerciseFeedbackRequestSchema = z.object({
  /** The language the feedback is written in. */
  language: languageSchema,
  exercise: z.object({
    title: z.string().max(300),
    instructions: z.string().max(MAX_FEEDBACK_TEXT_LENGTH),
    /** The self-assessment checklist (activities, then key points). */
    checklist: z.array(z.string().max(1000)).max(MAX_FEEDBACK_ITEMS),
    keyPoints: z.array(z.string().max(1000)).max(MAX_FEEDBACK_ITEMS),
  }),
  work: z.string().max(MAX_FEEDBACK_TEXT_LENGTH),
  /** Text read from attached documents (PDF, Word, PowerPoint, Excel cells, text, CSV); images give none. */
  attachmentTexts: z.array(z.object({ name: z.string().max(255), text: z.string().max(MAX_FEEDBACK_TEXT_LENGTH) })).max(3).default([]),
  /** Attached files whose text could not be read (damaged, scanned or empty documents): named so the feedback can say so. */
  unreadAttachments: z.array(z.string().max(255)).max(3).default([]),
  /**
   * Attached pictures by reference, never their bytes (NATS carries at most 1 MB a message): `key`
   * is the object's name in the exercise attachments bucket (EXERCISE_ATTACHMENTS_BUCKET), `size`
   * its bytes as stored. svc-ai reads them only for a model that reads images (OPENAI_VISION), checks
   * their bytes are the picture their name and type say, and reduces a large one; any other feedback
   * names them as not looked at.
   */
  attachmentImages: z
    .array(
      z.object({
        name: z.string().max(255),
        key: z.uuid(),
        mediaType: z.enum(FEEDBACK_IMAGE_MEDIA_TYPES),
        size: z.number().int().positive(),
      }),
    )
    .max(3)
    .default([]),
  /** The checklist items the learner ticked themselves. */
  checkedItems: z.array(z.string().max(1000)).max(MAX_FEEDBACK_ITEMS).default([]),
});
export type ExerciseFeedbackRequest = z.input<typeof exerciseFeedbackRequestSchema>;
export type CheckedExerciseFeedbackRequest = z.output<typeof exerciseFeedbackRequestSchema>;

export const exerciseFeedbackReplySchema = z.object({
  /** Plain text, paragraphs and "- " lists, in the request's language. */
  text: z.string(),
  /** Checklist items and key points the work addresses. */
  covered: z.array(z.string()),
  /** Those it does not seem to address. */
  missing: z.array(z.string()),
  provider: aiProviderSchema,
  model: z.string(),
});
export type ExerciseFeedbackReply = z.infer<typeof exerciseFeedbackReplySchema>;
