import { createHash } from 'node:crypto';

/** Masar's namespace for statement ids. Never change it: every statement id would change with it. */
export const MASAR_STATEMENT_NAMESPACE = 'da05dca7-7fa8-4317-b75a-637e3ba3ecbf';

/**
 * A name-based UUID (version 5, RFC 4122 §4.3) for what happened: the same event always gives the
 * same statement id, so a retried or replayed send never makes a second statement at the LRS.
 */
export function statementIdOf(happening: string, namespace = MASAR_STATEMENT_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(happening, 'utf8')
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
