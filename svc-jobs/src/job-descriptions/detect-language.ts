import type { Language } from '@masar/contracts';

/**
 * Arabic postings name many tools in Latin letters (SQL, Power BI), and English postings rarely
 * hold more than a company name in Arabic: a posting is Arabic once this share of its letters is.
 */
export const ARABIC_LETTER_SHARE = 0.3;

const LETTER = /\p{L}/u;
const ARABIC_LETTER = /\p{Script=Arabic}/u;

/** The posting's language from its script; text without letters counts as English (the default). */
export function detectLanguage(text: string): Language {
  let letters = 0;
  let arabicLetters = 0;
  for (const character of text) {
    if (LETTER.test(character)) {
      letters += 1;
      if (ARABIC_LETTER.test(character)) {
        arabicLetters += 1;
      }
    }
  }
  return letters > 0 && arabicLetters / letters >= ARABIC_LETTER_SHARE ? 'ar' : 'en';
}
