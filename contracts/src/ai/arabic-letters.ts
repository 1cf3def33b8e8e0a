/**
 * Arabic spelling varies where meaning does not: hamza on alef or not (إدارة / ادارة), final yaa
 * with or without dots (ى / ي), taa marbuta or haa (ة / ه), diacritics, and the tatweel that
 * stretches a word for layout. Shared by svc-ai's skill extractor and the detectors in contracts.
 */

const DIACRITICS_AND_TATWEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const CHARACTER_VARIANTS: Readonly<Record<string, string>> = {
  'أ': 'ا',
  'إ': 'ا',
  'آ': 'ا',
  'ٱ': 'ا',
  'ى': 'ي',
  'ی': 'ي',
  'ة': 'ه',
  'ؤ': 'و',
  'ئ': 'ي',
  'ک': 'ك',
};
const VARIANT_PATTERN = /[أإآٱىیةؤئک]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Folds the spelling variants and drops diacritics and tatweel, character by character; Arabic-Indic digits become 0-9. */
export function normaliseArabicLetters(word: string): string {
  return word
    .replace(DIACRITICS_AND_TATWEEL, '')
    .replace(VARIANT_PATTERN, (letter) => CHARACTER_VARIANTS[letter] ?? letter)
    .replace(ARABIC_INDIC_DIGIT, (digit) => String(digit.charCodeAt(0) & 0xf));
}
