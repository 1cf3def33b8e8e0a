/**
 * U+0000. PostgreSQL text cannot hold it: a NUL that reaches a service's write or search makes the
 * statement fail. Text that comes from outside (a request, a document, an identity provider, a model)
 * is cleaned of it or refused with it before it is stored.
 */
export const NUL_CHARACTER = '\u0000';

/** The text with every NUL character dropped (for text read from files and other systems, where nobody put it on purpose). */
export function withoutNulCharacters(text: string): string {
  return text.replaceAll(NUL_CHARACTER, '');
}
