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

export function splitSentences(text: string): TextSpan[] {
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

/** The span holding an offset, among sorted, non-overlapping spans; undefined between them. */
export function spanAt<T extends TextSpan>(spans: readonly T[], offset: number): T | undefined {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (spans[middle].end <= offset) low = middle + 1;
    else if (spans[middle].start > offset) high = middle - 1;
    else return spans[middle];
  }
  return undefined;
}
