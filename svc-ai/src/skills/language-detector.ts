import { Language, languageOfLetters } from '@masar/contracts';

/**
 * The language a posting is written in, from the script of its letters. An Arabic posting still
 * names many tools in Latin letters ("خبرة في Python وDocker"), so it counts as Arabic once Arabic
 * letters are a substantial share, not a majority: the rule course search reads queries by too.
 */
export function detectLanguage(text: string): Language {
  return languageOfLetters(text, 'en');
}
