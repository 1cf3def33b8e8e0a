/**
 * Course search's optional second signal: the cosine similarity between the query's embedding and
 * each candidate passage's, blended with the full-text relevance (text rank, phrase, skill, field).
 *
 *   relevance = (1 − EMBEDDING_WEIGHT) × textRelevance + EMBEDDING_WEIGHT × max(0, cosine)
 *
 * Both parts are 0 to 1, so the relevance stays 0 to 1. Text keeps most of the weight: a passage
 * that names the query's words stays ahead of one that is merely about something close, but among
 * passages the words match about equally well the one whose meaning is nearest moves up.
 */
export const EMBEDDING_WEIGHT = 0.35;

/**
 * Candidates re-ranked: the best of the full-text stage, at least every passage shown (20), and with
 * the query no more than one `ai.search.embed` request takes (MAX_EMBEDDED_TEXTS).
 */
export const EMBEDDED_CANDIDATES = 30;

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    dot += a[index] * b[index];
    normA += a[index] * a[index];
    normB += b[index] * b[index];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** The blended relevance, rounded as text relevance is (three decimals). */
export function blendedRelevance(textRelevance: number, similarity: number): number {
  const semantic = Math.min(1, Math.max(0, similarity));
  return Math.round(((1 - EMBEDDING_WEIGHT) * textRelevance + EMBEDDING_WEIGHT * semantic) * 1000) / 1000;
}

/**
 * The candidates in their new order with their blended relevance: `queryVector` against each
 * candidate's vector (same order as `candidates`). Ties keep the full-text order.
 */
export function rerankBySimilarity<T extends { relevance: number }>(candidates: T[], queryVector: number[], vectors: number[][]): Array<T & { relevance: number }> {
  return candidates
    .map((candidate, index) => ({ candidate, index, relevance: blendedRelevance(candidate.relevance, cosineSimilarity(queryVector, vectors[index] ?? [])) }))
    .sort((a, b) => b.relevance - a.relevance || a.index - b.index)
    .map(({ candidate, relevance }) => ({ ...candidate, relevance }));
}
