/**
 * Arabic spelling varies where meaning does not (see normaliseArabicLetters). Words also carry attached prefixes: the conjunctions و and ف, the
 * prepositions ب, ل and ك, and the definite article ال ("وبالبرمجة" = "and with programming").
 */

import { normaliseArabicLetters } from '@masar/contracts';

// One folding for svc-ai and the detectors in contracts (the instruction detector, the quality checks).
export { normaliseArabicLetters };

/** A stem shorter than this is too short to be a word once a prefix is taken off. */
const MIN_STEM = 2;

function withoutArticle(word: string): string | undefined {
  if ((word.startsWith('ال') || word.startsWith('لل')) && word.length - 2 >= MIN_STEM) return word.slice(2);
  return undefined;
}

/**
 * The key of a word of a taxonomy alias: normalised, without the definite article, as the
 * alias's author may or may not have written it ("البرمجة" and "برمجة" give one key).
 */
export function arabicAliasKey(word: string): string {
  const normalised = normaliseArabicLetters(word);
  return withoutArticle(normalised) ?? normalised;
}

/**
 * Every key a word of a posting may stand for once its possible prefixes are taken off. The
 * posting's word cannot say whether its first letter is a prefix (ب in "برمجة" is not), so the
 * matcher tries each reading against the taxonomy and keeps the one an alias confirms.
 */
export function arabicWordForms(word: string): string[] {
  const normalised = normaliseArabicLetters(word);
  const forms = new Set<string>([normalised]);
  const addWithArticleReadings = (candidate: string) => {
    forms.add(candidate);
    const bare = withoutArticle(candidate);
    if (bare !== undefined) forms.add(bare);
  };
  const afterConjunction = [normalised];
  if (/^[وف]/.test(normalised) && normalised.length - 1 >= MIN_STEM) afterConjunction.push(normalised.slice(1));
  for (const candidate of afterConjunction) {
    addWithArticleReadings(candidate);
    if (/^[بلك]/.test(candidate) && candidate.length - 1 >= MIN_STEM) addWithArticleReadings(candidate.slice(1));
  }
  return [...forms];
}

/**
 * How many characters of `word` are attached particles (و, ف, ب, ل, ك) in front of the reading
 * `key` that matched, so evidence can start at the word itself: "وحماية" → "حماية", "وبالبرمجة"
 * → "البرمجة". The article stays part of the word. Diacritics after a particle are skipped with it.
 */
export function attachedParticleLength(word: string, key: string): number {
  const letters: Array<{ letter: string; at: number }> = [];
  for (let at = 0; at < word.length; at++) {
    const letter = normaliseArabicLetters(word[at]);
    if (letter !== '') letters.push({ letter, at });
  }
  const normalised = letters.map(({ letter }) => letter).join('');
  for (let particles = 0; particles <= 2 && particles < letters.length; particles++) {
    const prefix = normalised.slice(0, particles);
    const validPrefix = particles === 0 || /^(?:[وف][بلك]?|[بلك])$/.test(prefix);
    if (!validPrefix) continue;
    const rest = normalised.slice(particles);
    if (rest === key || withoutArticle(rest) === key) return letters[particles].at;
  }
  return 0;
}
