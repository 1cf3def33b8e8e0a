/**
 * Makes user text safe inside a LIKE/ILIKE pattern: `%`, `_` and the escape character itself
 * match literally (Postgres's default escape character is the backslash).
 */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A pattern matching any value that contains `text`, with its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLikePattern(text)}%`;
}
