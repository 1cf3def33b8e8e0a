import { Language } from '@masar/contracts';

const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/g;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/g;

/**
 * An Arabic posting still names many tools in Latin letters ("خبرة في Python وDocker"), so a
 * posting counts as Arabic once Arabic letters are a substantial share, not a majority.
 */
const ARABIC_SHARE = 0.3;

/** The language a posting is written in, from the script of its letters. */
export function detectLanguage(text: string): Language {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  if (arabic === 0) return 'en';
  return arabic / (arabic + latin) >= ARABIC_SHARE ? 'ar' : 'en';
}
