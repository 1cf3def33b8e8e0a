import { normaliseArabicLetters } from '@masar/contracts';

/** A run of a preview: matched runs are shown marked. */
export interface TextSegment {
  text: string;
  match: boolean;
}

/** Terms shorter than this (after folding) would mark letters everywhere, so they are not marked. */
const MIN_TERM_LENGTH = 2;

/** Lower case with Arabic spelling variants, diacritics and tatweel folded, as the search itself reads text. */
function foldCharacter(character: string): string {
  return normaliseArabicLetters(character.toLocaleLowerCase());
}

function fold(text: string): string {
  return Array.from(text, foldCharacter).join('');
}

/**
 * The text folded, with, for each folded character, the index in `text` it came from: folding drops
 * diacritics, so positions in the folded text must be mapped back to mark the original.
 */
function foldWithOrigins(text: string): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  for (let index = 0; index < text.length; ) {
    const codePoint = text.codePointAt(index) ?? 0;
    const character = String.fromCodePoint(codePoint);
    const foldedCharacter = foldCharacter(character);
    for (let unit = 0; unit < foldedCharacter.length; unit += 1) origins.push(index);
    folded += foldedCharacter;
    index += character.length;
  }
  return { folded, origins };
}

/**
 * Splits `text` into runs, marking every occurrence of a term (case-insensitive; for Arabic, alef,
 * hamza, yaa and taa marbuta variants and diacritics do not matter). Overlapping matches merge.
 */
export function highlightSegments(text: string, terms: readonly string[]): TextSegment[] {
  const { folded, origins } = foldWithOrigins(text);
  const needles = [...new Set(terms.map(fold).map((term) => term.trim()))].filter((term) => term.length >= MIN_TERM_LENGTH);

  const ranges: [number, number][] = [];
  for (const needle of needles) {
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      const start = origins[at];
      let end = origins[at + needle.length - 1] + 1;
      // Marks and tatweel on the last matched letter belong to it (they folded to nothing).
      while (end < text.length && fold(text[end]) === '') end += 1;
      ranges.push([start, end]);
    }
  }
  if (ranges.length === 0) return text.length > 0 ? [{ text, match: false }] : [];

  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }

  const segments: TextSegment[] = [];
  let position = 0;
  for (const [start, end] of merged) {
    if (start > position) segments.push({ text: text.slice(position, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    position = end;
  }
  if (position < text.length) segments.push({ text: text.slice(position), match: false });
  return segments;
}
