/**
 * Arabic spelling varies where meaning does not: hamza on alef or not (إدارة / ادارة), final yaa
 * with or without dots (ى / ي), taa marbuta or haa (ة / ه), diacritics, and the tatweel that
 * stretches a word for layout. Words also carry attached prefixes: the conjunctions و and ف, the
 * prepositions ب, ل and ك, and the definite article ال ("وبالبرمجة" = "and with programming").
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

/** Folds the spelling variants and drops diacritics and tatweel, character by character. */
export function normaliseArabicLetters(word: string): string {
  return word
    .replace(DIACRITICS_AND_TATWEEL, '')
    .replace(VARIANT_PATTERN, (letter) => CHARACTER_VARIANTS[letter] ?? letter)
    .replace(ARABIC_INDIC_DIGIT, (digit) => String(digit.charCodeAt(0) & 0xf));
}

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
