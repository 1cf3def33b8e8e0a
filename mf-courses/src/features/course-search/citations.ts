/** A run of the AI answer: plain text, or a citation `[n]` of the n-th result (1-based). */
export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'citation'; n: number };

const CITATION = /\[(\d{1,3})\]/g;

/**
 * Splits the answer at its citations. Only numbers of results that exist become citations; any
 * other bracketed number stays as written, so a link never points at nothing.
 */
export function answerSegments(answer: string, resultCount: number): AnswerSegment[] {
  const segments: AnswerSegment[] = [];
  let position = 0;
  const pushText = (text: string) => {
    if (text.length === 0) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += text;
    else segments.push({ kind: 'text', text });
  };
  for (const match of answer.matchAll(CITATION)) {
    const n = Number(match[1]);
    pushText(answer.slice(position, match.index));
    if (n >= 1 && n <= resultCount) segments.push({ kind: 'citation', n });
    else pushText(match[0]);
    position = match.index + match[0].length;
  }
  pushText(answer.slice(position));
  return segments;
}
