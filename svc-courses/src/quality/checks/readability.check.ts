import { countWords, isMostlyArabic, splitSentences } from '../../documents/sentence-analysis';
import { type CheckResult, lessonsOf, type ReviewedCourse, resultOf } from './course-check';

/**
 * English: Flesch reading ease (206.835 − 1.015 × words per sentence − 84.6 × syllables per word);
 * below 30 is "very difficult", the level of academic papers, too hard for workplace learning.
 */
export const MIN_FLESCH_READING_EASE = 30;
/**
 * Arabic has no agreed Flesch formula (its words carry attached particles and its vowels are not
 * written), so two plain measures stand in: average sentence length in words, and average word
 * length in letters (diacritics not counted). Above either limit the text is hard going.
 */
export const MAX_ARABIC_WORDS_PER_SENTENCE = 30;
export const MAX_ARABIC_LETTERS_PER_WORD = 6.5;
/** Shorter texts give noisy scores: they are not scored. */
export const MIN_WORDS_TO_SCORE = 100;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu;

/** English syllables by vowel groups, less a silent final e; at least one a word. */
export function syllablesOf(word: string): number {
  const lower = word.toLowerCase().replace(/[^a-z]/g, '');
  if (lower.length === 0) return 1;
  if (lower.length <= 3) return 1;
  const trimmed = lower.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  return Math.max(1, (trimmed.match(/[aeiouy]{1,2}/g) ?? []).length);
}

export function fleschReadingEase(text: string): number {
  const sentences = Math.max(1, splitSentences(text).length);
  const words = text.match(WORD) ?? [];
  const syllables = words.reduce((sum, word) => sum + syllablesOf(word), 0);
  return 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syllables / Math.max(1, words.length));
}

export function arabicReadability(text: string): { wordsPerSentence: number; lettersPerWord: number } {
  const sentences = Math.max(1, splitSentences(text).length);
  const words = (text.replace(/[\u064b-\u065f\u0670\u0640]/g, '').match(WORD) ?? []);
  const letters = words.reduce((sum, word) => sum + (word.match(/\p{L}/gu) ?? []).length, 0);
  return { wordsPerSentence: words.length / sentences, lettersPerWord: letters / Math.max(1, words.length) };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** How hard each lesson's text is to read, in its own language (minor); quizzes and short lessons are not scored. */
export function checkReadability(course: ReviewedCourse): CheckResult[] {
  return lessonsOf(course)
    .filter(({ lesson }) => lesson.type !== 'quiz' && countWords(lesson.content) >= MIN_WORDS_TO_SCORE)
    .map(({ module, lesson }) => {
      const place = { module, lesson };
      if (isMostlyArabic(lesson.content)) {
        const { wordsPerSentence, lettersPerWord } = arabicReadability(lesson.content);
        const hard = wordsPerSentence > MAX_ARABIC_WORDS_PER_SENTENCE || lettersPerWord > MAX_ARABIC_LETTERS_PER_WORD;
        const measured = `${round(wordsPerSentence)} words a sentence and ${round(lettersPerWord)} letters a word on average`;
        return hard
          ? resultOf('readability', 'minor', false, place, `The lesson "${lesson.title}" is hard to read: ${measured} (at most ${MAX_ARABIC_WORDS_PER_SENTENCE} and ${MAX_ARABIC_LETTERS_PER_WORD}).`)
          : resultOf('readability', 'minor', true, place, `The lesson "${lesson.title}" reads easily enough: ${measured}.`);
      }
      const score = round(fleschReadingEase(lesson.content));
      return score < MIN_FLESCH_READING_EASE
        ? resultOf('readability', 'minor', false, place, `The lesson "${lesson.title}" is very hard to read: Flesch reading ease ${score} (at least ${MIN_FLESCH_READING_EASE}); use shorter sentences and plainer words.`)
        : resultOf('readability', 'minor', true, place, `The lesson "${lesson.title}" reads easily enough: Flesch reading ease ${score}.`);
    });
}
