import { useMemo } from 'react';
import { highlightSegments } from '../highlight';

/** Text with the search's matched terms marked. */
export function HighlightedText({ text, terms }: { text: string; terms: readonly string[] }) {
  const segments = useMemo(() => highlightSegments(text, terms), [text, terms]);
  return (
    <>
      {segments.map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>))}
    </>
  );
}
