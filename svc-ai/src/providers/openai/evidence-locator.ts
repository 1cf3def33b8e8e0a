import { TextSpan } from '../../skills/extraction/sentence-splitter';

/** A quote shorter than this says nothing about where it comes from. */
const MIN_QUOTE_LENGTH = 2;
/** Enough places for one quote: a word repeated all over the posting adds nothing after that. */
const MAX_PLACES = 5;

interface FoldedText {
  folded: string;
  /** Original offset of each folded character, plus one entry for the end. */
  origin: number[];
}

/**
 * Folds case and runs of whitespace, keeping where each character came from, so a quote the
 * model re-spaced or re-cased ("CI/CD  pipelines" for "CI/CD pipelines") is still found and its
 * offsets still point into the original text.
 */
function fold(text: string): FoldedText {
  let folded = '';
  const origin: number[] = [];
  let inSpace = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (/\s/.test(character)) {
      if (!inSpace && folded.length > 0) {
        folded += ' ';
        origin.push(index);
      }
      inSpace = true;
      continue;
    }
    inSpace = false;
    const lower = character.toLowerCase();
    // Keep one folded character per original one so offsets map back exactly.
    folded += lower.length === 1 ? lower : character;
    origin.push(index);
  }
  origin.push(text.length);
  return { folded, origin };
}

/**
 * Where a quote from the model appears VERBATIM in the posting (ignoring only case and spacing),
 * as offsets into the original posting; empty when it does not appear. The model never decides
 * offsets: an invented or paraphrased quote finds nothing and supports nothing.
 */
export function locateQuote(text: string, quote: string): TextSpan[] {
  const trimmed = quote.trim().replace(/^["'“”«»]+|["'“”«»]+$/g, '').replace(/^…|…$/g, '').trim();
  if (trimmed.length < MIN_QUOTE_LENGTH) return [];
  const places: TextSpan[] = [];
  for (let at = text.indexOf(trimmed); at !== -1 && places.length < MAX_PLACES; at = text.indexOf(trimmed, at + 1)) {
    places.push({ start: at, end: at + trimmed.length });
  }
  if (places.length > 0) return places;
  const haystack = fold(text);
  const needle = fold(trimmed).folded.trim();
  for (
    let at = haystack.folded.indexOf(needle);
    at !== -1 && places.length < MAX_PLACES;
    at = haystack.folded.indexOf(needle, at + 1)
  ) {
    const start = haystack.origin[at];
    const end = haystack.origin[at + needle.length - 1] + 1;
    places.push({ start, end });
  }
  return places;
}
