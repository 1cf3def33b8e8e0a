import { z } from 'zod';

/**
 * Course search's optional second signal (`ai.search.embed`): svc-courses sends the query and its
 * best full-text candidates, svc-ai answers their embeddings from an OpenAI-compatible
 * `/v1/embeddings` endpoint (cached by text and model). The limits keep one request well under
 * NATS's 1 MB and one endpoint call to a size every OpenAI-compatible server accepts.
 */

/** Texts in one request: the query and up to 63 candidate passages. */
export const MAX_EMBEDDED_TEXTS = 64;
/** Characters of one text (a passage is a few hundred words; a longer one is cut before it is sent). */
export const MAX_EMBEDDED_TEXT_LENGTH = 4000;
/** Dimensions of a vector svc-courses accepts back (text-embedding-3-large has 3072). */
export const MAX_EMBEDDING_DIMENSIONS = 4096;

export const embedSearchTextsRequestSchema = z.object({
  texts: z
    .array(
      z
        .string()
        .max(MAX_EMBEDDED_TEXT_LENGTH, { error: `Each text must be at most ${MAX_EMBEDDED_TEXT_LENGTH} characters` })
        .refine((text) => text.trim() !== '', { error: 'A text to embed must not be blank' }),
    )
    .min(1, { error: 'Give at least one text to embed' })
    .max(MAX_EMBEDDED_TEXTS, { error: `Give at most ${MAX_EMBEDDED_TEXTS} texts to embed` }),
});
export type EmbedSearchTextsRequest = z.infer<typeof embedSearchTextsRequestSchema>;

export const embedSearchTextsReplySchema = z.object({
  /** The embeddings model that made the vectors (OPENAI_EMBEDDING_MODEL). */
  model: z.string().min(1),
  /** One vector per text, in the texts' order, all of one length. */
  vectors: z.array(z.array(z.number()).min(1).max(MAX_EMBEDDING_DIMENSIONS)),
});
export type EmbedSearchTextsReply = z.infer<typeof embedSearchTextsReplySchema>;

/** svc-ai's 503 when embeddings are not available (no OPENAI_API_KEY): search ranks by full text alone. */
export const EMBEDDINGS_NOT_CONFIGURED_MESSAGE = 'Search embeddings need an OpenAI-compatible endpoint (OPENAI_API_KEY), which is not configured';
