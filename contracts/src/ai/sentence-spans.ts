/** A stretch of a text, by character offsets (end exclusive). */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * Sentences: a line break ends one, and so does a full stop, question or exclamation mark
 * (Arabic ؟ included) followed by a space, as long as the full stop does not close a short
 * abbreviation ("e.g.", "i.e.", "etc.", "approx."), which would cut a requirement in two.
 */
const SENTENCE_END = /\n|[.!?؟](?=\s)|[!?؟]$/g;
const ABBREVIATION_BEFORE = /(?:\b(?:e\.g|i\.e|etc|vs|approx|incl|min|max|yrs?|no|dr|mr|mrs|ms|jr|sr|st|inc|ltd|co)|\b[A-Za-z])$/i;

export function splitSentenceSpans(text: string): TextSpan[] {
  const sentences: TextSpan[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (match[0] === '.' && ABBREVIATION_BEFORE.test(text.slice(Math.max(start, match.index - 8), match.index))) continue;
    pushTrimmed(text, start, end, sentences);
    start = end;
  }
  pushTrimmed(text, start, text.length, sentences);
  return sentences;
}

function pushTrimmed(text: string, start: number, end: number, into: TextSpan[]): void {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  if (to > from) into.push({ start: from, end: to });
}
