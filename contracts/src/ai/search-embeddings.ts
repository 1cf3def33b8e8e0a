import { z } from 'zod';

/**
 * Course search's optional second signal (`ai.search.embed`): svc-courses sends the query and its
 * best full-text candidates, svc-ai answers their embeddings from an OpenAI-compatible
 * `/v1/embeddings` endpoint (cached by text and model). The limits keep one request and one reply
 * under NATS's 1 MB (32 vectors of 4096 dimensions are 700 KB as base64 float32; as JSON numbers
 * 32 of 1536 were already near 1 MB) and one endpoint call to a size every OpenAI-compatible server accepts.
 */

/** Texts in one request: the query and up to 31 candidate passages. */
export const MAX_EMBEDDED_TEXTS = 32;
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

/** The longest base64 of a vector: MAX_EMBEDDING_DIMENSIONS float32 values. */
const MAX_ENCODED_VECTOR_LENGTH = Math.ceil((MAX_EMBEDDING_DIMENSIONS * 4) / 3) * 4;

export const embedSearchTextsReplySchema = z.object({
  /** The embeddings model that made the vectors (OPENAI_EMBEDDING_MODEL). */
  model: z.string().min(1),
  /** One vector per text, in the texts' order, all of one length: little-endian float32 values in base64 (encodeEmbedding). */
  vectors: z.array(
    z
      .string()
      .min(8)
      .max(MAX_ENCODED_VECTOR_LENGTH)
      .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, { error: 'Must be base64' }),
  ),
});
export type EmbedSearchTextsReply = z.infer<typeof embedSearchTextsReplySchema>;

/** A vector as the reply carries it: its float32 values, little-endian, in base64 (a quarter of JSON's size). */
export function encodeEmbedding(vector: readonly number[]): string {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((value, index) => view.setFloat32(index * 4, value, true));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The vector encodeEmbedding wrote, or null when it is not whole float32 values, all finite. */
export function decodeEmbedding(encoded: string): number[] | null {
  let binary: string;
  try {
    binary = atob(encoded);
  } catch {
    return null;
  }
  if (binary.length === 0 || binary.length % 4 !== 0 || binary.length / 4 > MAX_EMBEDDING_DIMENSIONS) return null;
  const view = new DataView(Uint8Array.from(binary, (letter) => letter.charCodeAt(0)).buffer);
  const vector = Array.from({ length: binary.length / 4 }, (_, index) => view.getFloat32(index * 4, true));
  return vector.every(Number.isFinite) ? vector : null;
}

/** svc-ai's 503 when embeddings are not available (no OPENAI_API_KEY): search ranks by full text alone. */
export const EMBEDDINGS_NOT_CONFIGURED_MESSAGE = 'Search embeddings need an OpenAI-compatible endpoint (OPENAI_API_KEY), which is not configured';
