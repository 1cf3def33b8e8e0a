/** The bytes a `Range` header asks of a file of `size` bytes (inclusive ends), as RFC 9110 reads it. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | 'whole';

/**
 * One range (`bytes=0-499`, `bytes=500-`, `bytes=-500`); anything else (several ranges, another unit,
 * a malformed header) is answered with the whole file, which the RFC allows. A range that starts past
 * the end is unsatisfiable (416).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return 'whole';
  return { start, end };
}
