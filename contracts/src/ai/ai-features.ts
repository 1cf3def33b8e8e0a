import { z } from 'zod';
import { AI_FEATURES } from './ai-refusals';

// A leaf module (zod only): the course schemas label AI-written content with it, and ai.ts imports them.

/** The AI features an admin governs (`governance.ts`), one per kind of work svc-ai does for a person. */
export { AI_FEATURES };
export const aiFeatureSchema = z.enum(AI_FEATURES);
export type AiFeature = z.infer<typeof aiFeatureSchema>;

/** The model name the built-in offline provider reports (in the call log and in AI-content labels). */
export const OFFLINE_MODEL_NAME = 'built-in';

/** Carried by a lesson or course an AI feature wrote; shown to admins on the course and lesson. */
export const aiContentLabelSchema = z.object({
  feature: aiFeatureSchema,
  provider: z.enum(['offline', 'openai']),
  /** The model that wrote it (`built-in` offline). */
  model: z.string(),
  at: z.iso.datetime(),
});
export type AiContentLabel = z.infer<typeof aiContentLabelSchema>;
