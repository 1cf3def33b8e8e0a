/**
 * Arabic short-vowel marks (harakat): fatha, damma, kasra, their tanween forms, shadda, sukun and
 * the dagger alef. Written Arabic usually leaves them out and espeak-ng cannot guess them, so the
 * offline voice drops or mispronounces short vowels; a model can add them before it reads.
 */
const VOWEL_MARKS = /[\u064B-\u0652\u0670]/g;
const ARABIC_LETTER = /[\u0621-\u064A]/g;

/** Below this share of marks per Arabic letter the text counts as written without them (fully marked text has about one per letter). */
const MARKED_SHARE = 0.3;
/** Fewer Arabic letters than this are not worth a model call. */
const MIN_ARABIC_LETTERS = 3;

export function withoutVowelMarks(text: string): string {
  return text.replace(VOWEL_MARKS, '');
}

/** True when `text` has Arabic words and most of them lack their vowel marks. */
export function lacksVowelMarks(text: string): boolean {
  const letters = text.match(ARABIC_LETTER)?.length ?? 0;
  if (letters < MIN_ARABIC_LETTERS) return false;
  const marks = text.match(VOWEL_MARKS)?.length ?? 0;
  return marks / letters < MARKED_SHARE;
}

/**
 * True when `marked` is `original` with vowel marks added and nothing else changed: a model that
 * rewrote, dropped or added a word (or obeyed something in the text) is not read aloud.
 */
export function onlyVowelMarksAdded(original: string, marked: string): boolean {
  return withoutVowelMarks(marked.normalize('NFC')) === withoutVowelMarks(original.normalize('NFC'));
}

/** The text in pieces of at most `maxCharacters`, cut between paragraphs (or lines) so each piece reads on its own. */
export function piecesOf(text: string, maxCharacters: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const part of text.split(/(\n+)/)) {
    if (current.length + part.length > maxCharacters && current !== '') {
      pieces.push(current);
      current = '';
    }
    current += part;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}
