import type { SkillEvidence } from '@masar/contracts';

export interface TextSegment {
  text: string;
  /** Part of an evidence span: rendered inside `<mark>`. */
  highlighted: boolean;
  /** Where the segment starts in the posting: a stable React key. */
  start: number;
}

interface Span {
  start: number;
  end: number;
}

/**
 * Where one evidence span sits in the posting. The extractor promises
 * `content.slice(start, end) === text`; when a posting was re-extracted or offsets drifted,
 * the first occurrence of the text stands in, and a span found nowhere is dropped rather
 * than marking the wrong words.
 */
function locate(content: string, evidence: SkillEvidence): Span | null {
  const { start, end, text } = evidence;
  if (start >= 0 && end <= content.length && start < end && content.slice(start, end) === text) return { start, end };
  if (text.length === 0) return null;
  const found = content.indexOf(text);
  return found >= 0 ? { start: found, end: found + text.length } : null;
}

/** Sorted spans with overlaps and neighbours joined, so no `<mark>` nests in another. */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * Cuts the posting into plain and highlighted pieces in reading order. Offsets are UTF-16
 * indexes into the stored text, the same for English and Arabic postings; the browser's
 * bidi algorithm places Arabic pieces right to left.
 */
export function segmentsForEvidence(content: string, evidence: SkillEvidence[]): TextSegment[] {
  const spans = mergeSpans(evidence.map((item) => locate(content, item)).filter((span): span is Span => span !== null));
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const span of spans) {
    if (span.start > cursor) segments.push({ text: content.slice(cursor, span.start), highlighted: false, start: cursor });
    segments.push({ text: content.slice(span.start, span.end), highlighted: true, start: span.start });
    cursor = span.end;
  }
  if (cursor < content.length) segments.push({ text: content.slice(cursor), highlighted: false, start: cursor });
  return segments;
}
