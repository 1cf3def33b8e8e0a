import { normaliseArabicLetters } from '../ai/arabic-letters';
import type { Language } from '../identity/identity.schemas';

/**
 * The words course search matches on, the same way for the passages it indexes and for the
 * queries people type (svc-courses), and for highlighting the matched words (mf-courses).
 * PostgreSQL's `arabic` configuration has no stop words, and its stemmer keeps و+ال and stems
 * "مهارات" and "المهارات" differently, so Arabic words are normalised here before Postgres sees them.
 */

/** A word: letters, digits and the marks written on them (Arabic diacritics, tatweel). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/g;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/g;

/** Text that names tools in Latin letters ("جداول Excel المحورية") is still Arabic once Arabic letters are this share. */
const ARABIC_SHARE = 0.3;

/** The language of a text by its letters; `fallback` when it has no letters of either script. */
export function languageOfLetters(text: string, fallback: Language = 'en'): Language {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  if (arabic + latin === 0) return fallback;
  return arabic / (arabic + latin) >= ARABIC_SHARE ? 'ar' : 'en';
}

/**
 * Common Arabic particles, prepositions, pronouns, demonstratives, relatives and auxiliaries: they
 * would match almost every Arabic passage. Written as people spell them; compared once normalised.
 */
const ARABIC_STOP_WORDS_AS_WRITTEN = [
  'من', 'إلى', 'عن', 'على', 'في', 'مع', 'حتى', 'منذ', 'عند', 'لدى', 'بين', 'خلال', 'حول', 'دون', 'نحو', 'عبر',
  'قبل', 'بعد', 'فوق', 'تحت', 'أمام', 'خلف', 'ضمن', 'لدي', 'ثم', 'أو', 'أم', 'بل', 'لكن', 'لكنه', 'لكنها',
  'أن', 'إن', 'أنه', 'أنها', 'إنه', 'إنها', 'كان', 'كانت', 'كانوا', 'يكون', 'تكون', 'يكونوا', 'ليس', 'ليست',
  'قد', 'لقد', 'لا', 'لم', 'لن', 'ما', 'ماذا', 'متى', 'أين', 'كيف', 'لماذا', 'هل', 'كم', 'أي', 'أية', 'إذا',
  'إذ', 'لو', 'لولا', 'كل', 'كلا', 'بعض', 'غير', 'سوى', 'هذا', 'هذه', 'هذان', 'هاتان', 'ذلك', 'تلك', 'هؤلاء',
  'أولئك', 'هنا', 'هناك', 'الذي', 'التي', 'الذين', 'اللذان', 'اللتان', 'اللواتي', 'اللاتي', 'هو', 'هي', 'هم',
  'هن', 'هما', 'أنا', 'نحن', 'أنت', 'أنتم', 'أنتن', 'إياه', 'إياها', 'إياهم', 'له', 'لها', 'لهم', 'لنا', 'لك',
  'لكم', 'به', 'بها', 'بهم', 'فيه', 'فيها', 'فيهم', 'منه', 'منها', 'منهم', 'عليه', 'عليها', 'عليهم', 'إليه',
  'إليها', 'إليهم', 'عنه', 'عنها', 'عنهم', 'معه', 'معها', 'كما', 'مثل', 'أيضا', 'جدا', 'فقط', 'حيث', 'عندما',
  'بينما', 'لأن', 'كي', 'لكي', 'حين', 'مما', 'ممن', 'عما', 'فإن', 'تم', 'يتم', 'تتم', 'ذات', 'ذو', 'ذي', 'أحد',
  'إحدى', 'أكثر', 'أقل', 'يمكن', 'كذلك', 'هكذا', 'إلا', 'أما', 'إما', 'سوف', 'لدينا', 'وفق', 'وفقا', 'عدة',
] as const;

export const ARABIC_STOP_WORDS: ReadonlySet<string> = new Set(ARABIC_STOP_WORDS_AS_WRITTEN.map(normaliseArabicLetters));

/**
 * The definite article with the particles written onto it (و+ال, ف+ال, ب+ال, ك+ال, ل+ال as لل),
 * longest first. A lone و or ب is left: it is as often the word's own first letter (وزير, برمجة).
 */
const ARTICLE_PREFIXES = ['وبال', 'وال', 'فال', 'بال', 'كال', 'ولل', 'لل', 'ال'].map(normaliseArabicLetters);
/** A stem shorter than this is too short to be a word once a prefix is taken off (as svc-ai's skill matcher). */
const MIN_STEM = 2;

const LATIN_AFTER_PARTICLES = /^(?:[وفبلك]|ال|[وفبك]ال|لل)\u0640*([a-z\u00C0-\u024F][\p{L}\p{N}\p{M}]*)$/u;

function isArabicWord(word: string): boolean {
  ARABIC_LETTER.lastIndex = 0;
  const found = ARABIC_LETTER.test(word);
  ARABIC_LETTER.lastIndex = 0;
  return found;
}

function isArabicStopWord(letters: string): boolean {
  if (ARABIC_STOP_WORDS.has(letters)) return true;
  // "وهو", "فإن", "والتي": a conjunction on a stop word.
  return /^[وف]/.test(letters) && letters.length > 2 && ARABIC_STOP_WORDS.has(letters.slice(1));
}

/**
 * The form a word is matched in: lower-cased; an Arabic word with its letters folded, its article
 * (and the particles on it) taken off. Empty for an Arabic stop word.
 */
export const searchKeyOf: (word: string) => string = keepingResults((word: string) => keyOf(word), 50_000);

/**
 * `compute` with its last results kept by input, at most `capacity` (all forgotten at once when
 * full, so a flood of distinct inputs cannot grow it). For pure functions of short text read again
 * and again: highlighting a search's passages folds, lower-cases and strips the same words over and
 * over, which was most of a first-time search's CPU in svc-courses.
 */
export function keepingResults<T>(compute: (input: string) => T, capacity: number): (input: string) => T {
  const kept = new Map<string, T>();
  return (input: string) => {
    const found = kept.get(input);
    if (found !== undefined) return found;
    const result = compute(input);
    if (kept.size >= capacity) kept.clear();
    kept.set(input, result);
    return result;
  };
}

function keyOf(word: string): string {
  const lower = word.normalize('NFKC').toLowerCase();
  if (!isArabicWord(lower)) return lower;
  // A Latin name with Arabic particles written onto it ("وExcel", "بالـPython") is the name.
  const latin = LATIN_AFTER_PARTICLES.exec(lower);
  if (latin) return latin[1];
  const letters = normaliseArabicLetters(lower);
  if (letters === '' || isArabicStopWord(letters)) return '';
  const prefix = ARTICLE_PREFIXES.find((candidate) => letters.startsWith(candidate) && letters.length - candidate.length >= MIN_STEM);
  return prefix ? letters.slice(prefix.length) : letters;
}

/** A word of a text and where it is, with its search key (empty for a stop word). */
export interface SearchToken {
  start: number;
  end: number;
  word: string;
  key: string;
}

export function searchTokensOf(text: string): SearchToken[] {
  return [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    word: match[0],
    key: searchKeyOf(match[0]),
  }));
}

/** The words of a text one at a time, for a reader that may stop early (the first match of a long passage). */
export function* searchTokensIn(text: string): Generator<SearchToken> {
  for (const match of text.matchAll(WORD)) {
    yield { start: match.index, end: match.index + match[0].length, word: match[0], key: searchKeyOf(match[0]) };
  }
}

/** The search keys of a text in order, stop words left out. */
export function searchKeysOf(text: string): string[] {
  return searchTokensOf(text).flatMap((token) => (token.key === '' ? [] : [token.key]));
}

/** What Postgres indexes or queries instead of the text itself: its search keys, separated by spaces. */
export function normaliseSearchText(text: string): string {
  return searchKeysOf(text).join(' ');
}
