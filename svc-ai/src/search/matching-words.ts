import { normaliseArabicLetters } from '@masar/contracts';
import { arabicWordForms } from '../skills/extraction/arabic-normaliser';
import { normaliseEnglishWord } from '../skills/extraction/english-normaliser';
import { isStopword, WORD, wordKey } from '../providers/offline/source-text';

/*
 * Comparing a search query with lesson text without a model: both sides are reduced to the same
 * keys (English inflection and spelling folded; Arabic letter variants folded and attached
 * particles, the article and the feminine plural taken off), so "pivot tables" meets "Pivot
 * table" and "المهارات" meets "مهارة".
 */

const ARABIC = /[\u0600-\u06FF]/;

/** Every key a word may stand for; two words match when their keys share one. */
export function wordKeysOf(word: string): string[] {
  if (!ARABIC.test(word)) return [normaliseEnglishWord(word)];
  const keys = new Set<string>();
  for (const form of arabicWordForms(word)) {
    keys.add(form);
    // Feminine plural and singular meet: مهارات / مهاره → مهار (the taa marbuta is already folded to ه).
    if (form.endsWith('ات') && form.length >= 5) keys.add(form.slice(0, -2));
    else if (form.endsWith('ه') && form.length >= 4) keys.add(form.slice(0, -1));
  }
  return [...keys];
}

/** A word that carries meaning: not a stop word, and at least three letters (or holding a digit, as "k8s"). */
export function isMeaningfulWord(word: string): boolean {
  const key = wordKey(word);
  return !isStopword(key) && (key.length >= 3 || /\d/.test(key)) && !isStopword(normaliseArabicLetters(key));
}

/** The meaningful words of a text, each once (by key), with their keys. */
export function meaningfulWordsOf(text: string): Array<{ word: string; keys: string[] }> {
  const seen = new Set<string>();
  const words: Array<{ word: string; keys: string[] }> = [];
  for (const word of text.match(WORD) ?? []) {
    if (!isMeaningfulWord(word)) continue;
    const keys = wordKeysOf(word);
    if (seen.has(keys[0])) continue;
    seen.add(keys[0]);
    words.push({ word, keys });
  }
  return words;
}

/** Every key of the meaningful words of a text. */
export function keySetOf(text: string): Set<string> {
  return new Set(meaningfulWordsOf(text).flatMap(({ keys }) => keys));
}

/** Whether a word (its keys) occurs in a key set. */
export function occursIn(keys: readonly string[], set: ReadonlySet<string>): boolean {
  return keys.some((key) => set.has(key));
}
