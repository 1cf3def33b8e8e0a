import { keepingResults, SEARCH_PREVIEW_LENGTH, searchKeysOf, searchTokensIn } from '@masar/contracts';

/**
 * Where a passage's text shows what the search matched, for the preview and for highlighting. The
 * index matched stems, so words are compared by a light stem: "tables" shows where "table" was
 * searched, "مهارة" where "مهارات" was. Nothing here decides what matches; Postgres did.
 */

const LATIN_SUFFIX = /(?:ing|ed|es|e|s)$/;
const ARABIC_SUFFIX = /(?:ات|ون|ين|ان|ه|ي)$/;
const MIN_STEM = 3;

/** Kept by key: every passage highlighted stems its words again. */
export const lightStem: (key: string) => string = keepingResults((key: string) => stemOf(key), 50_000);

function stemOf(key: string): string {
  const suffix = /^[a-z0-9]/.test(key) ? LATIN_SUFFIX : ARABIC_SUFFIX;
  const stripped = key.replace(suffix, '');
  return stripped.length >= MIN_STEM ? stripped : key;
}

/** A matched stretch of the text, as written there. */
export interface TextMatch {
  start: number;
  end: number;
  text: string;
}

/**
 * The terms of a search read once: each as its sequence of light stems, grouped by its first stem.
 * A search with a skill's many spellings highlights 20 passages and their titles with the same
 * terms; reading the terms again for each, and trying every term at every word, was most of
 * svc-courses' CPU for a first-time search.
 */
export class HighlightTerms {
  private readonly byFirstStem = new Map<string, string[][]>();

  constructor(terms: string[]) {
    for (const term of terms) {
      const sequence = searchKeysOf(term).map(lightStem);
      if (sequence.length === 0) continue;
      const group = this.byFirstStem.get(sequence[0]);
      if (group) group.push(sequence);
      else this.byFirstStem.set(sequence[0], [sequence]);
    }
  }

  /** Every place the text says one of the terms (a term of several words where they follow each other), in order. */
  matchesIn(text: string): TextMatch[] {
    return this.scan(text, Number.POSITIVE_INFINITY);
  }

  /**
   * The first place the text says one of the terms, read no further than that: a result's preview
   * is centred on it, and reading the whole of 20 passages for every match was most of svc-courses'
   * CPU for a first-time search.
   */
  firstMatchIn(text: string): TextMatch | undefined {
    return this.scan(text, 1)[0];
  }

  private scan(text: string, wanted: number): TextMatch[] {
    if (this.byFirstStem.size === 0) return [];
    const source = searchTokensIn(text);
    const tokens: Array<{ start: number; end: number; stem: string }> = [];
    let exhausted = false;
    // The text's words (stop words left out) are read only as far as a term starting at `index` needs.
    const tokenAt = (index: number) => {
      while (!exhausted && tokens.length <= index) {
        const next = source.next();
        if (next.done) exhausted = true;
        else if (next.value.key !== '') tokens.push({ start: next.value.start, end: next.value.end, stem: lightStem(next.value.key) });
      }
      return tokens[index];
    };
    const matches: TextMatch[] = [];
    for (let at = 0; matches.length < wanted; at++) {
      const token = tokenAt(at);
      if (token === undefined) break;
      const candidates = this.byFirstStem.get(token.stem);
      if (!candidates) continue;
      let longest = 0;
      for (const sequence of candidates) {
        if (sequence.length > longest && sequence.every((stem, offset) => tokenAt(at + offset)?.stem === stem)) longest = sequence.length;
      }
      if (longest === 0) continue;
      const end = tokens[at + longest - 1].end;
      matches.push({ start: token.start, end, text: text.slice(token.start, end) });
      at += longest - 1;
    }
    return matches;
  }
}

/** Every place the text says one of the terms (a term of several words where they follow each other), in order. */
export function findTermMatches(text: string, terms: string[]): TextMatch[] {
  return new HighlightTerms(terms).matchesIn(text);
}

/**
 * About `length` characters of the text centred on the first match, cut at word boundaries, with …
 * where the text goes on. Without a match, the text's beginning.
 */
export function previewAround(text: string, match: Pick<TextMatch, 'start' | 'end'> | undefined, length = SEARCH_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  // The match's place in the flattened text: whitespace runs before it collapsed to one space.
  const centre = match ? flattenedOffset(text, Math.floor((match.start + match.end) / 2)) : 0;
  let start = Math.max(0, Math.min(centre - Math.floor(length / 2), flat.length - length));
  let end = Math.min(flat.length, start + length);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space === -1 || space >= end ? start : space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    end = space > start ? space : end;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

function flattenedOffset(text: string, offset: number): number {
  const before = text.slice(0, offset);
  return before.replace(/\s+/g, ' ').replace(/^ /, '').length;
}
