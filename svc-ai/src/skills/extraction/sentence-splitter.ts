import type { TextSpan } from '@masar/contracts';

// The splitter lives in contracts with the instruction detector that reads its spans.
export { splitSentenceSpans as splitSentences, type TextSpan } from '@masar/contracts';

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
