import { normaliseForComparison } from '../../documents/sentence-analysis';
import { type CheckResult, lessonsOf, type PlacedLesson, type ReviewedCourse, resultOf } from './course-check';

/**
 * Two lessons of a course repeat a passage when they share a run of this many words (word
 * shingles, compared without case, punctuation or Arabic diacritics). Quizzes are left out: their
 * explanations quote the lessons on purpose.
 */
export const SHINGLE_WORDS = 12;

interface ShingledLesson extends PlacedLesson {
  words: string[];
  shingles: Map<string, number>;
}

function shingle(placed: PlacedLesson): ShingledLesson {
  const words = normaliseForComparison(placed.lesson.content).split(' ').filter(Boolean);
  const shingles = new Map<string, number>();
  for (let start = 0; start + SHINGLE_WORDS <= words.length; start += 1) {
    const key = words.slice(start, start + SHINGLE_WORDS).join(' ');
    if (!shingles.has(key)) shingles.set(key, start);
  }
  return { ...placed, words, shingles };
}

/** The longest run of words `later` shares with `earlier`, as the start in `later` and its length. */
function longestSharedRun(later: ShingledLesson, earlier: ShingledLesson): { start: number; length: number } | null {
  let best: { start: number; length: number } | null = null;
  let runStart = -1;
  for (let start = 0; start + SHINGLE_WORDS <= later.words.length; start += 1) {
    const shared = earlier.shingles.has(later.words.slice(start, start + SHINGLE_WORDS).join(' '));
    if (shared && runStart < 0) runStart = start;
    if ((!shared || start + SHINGLE_WORDS === later.words.length) && runStart >= 0) {
      const end = shared ? start : start - 1;
      const length = end - runStart + SHINGLE_WORDS;
      if (!best || length > best.length) best = { start: runStart, length };
      runStart = -1;
    }
  }
  return best;
}

/** Passages a lesson repeats from an earlier lesson of the same course (minor). */
export function checkDuplicatePassages(course: ReviewedCourse): CheckResult[] {
  const lessons = lessonsOf(course)
    .filter(({ lesson }) => lesson.type !== 'quiz')
    .map(shingle);
  return lessons.map((later, index) => {
    for (const earlier of lessons.slice(0, index)) {
      const run = longestSharedRun(later, earlier);
      if (!run) continue;
      const passage = later.words.slice(run.start, run.start + Math.min(run.length, 10)).join(' ');
      return resultOf(
        'duplicate-passages',
        'minor',
        false,
        later,
        `The lesson "${later.lesson.title}" repeats ${run.length} words of the lesson "${earlier.lesson.title}", starting "${passage}…".`,
      );
    }
    return resultOf('duplicate-passages', 'minor', true, later, `The lesson "${later.lesson.title}" repeats no passage of an earlier lesson.`);
  });
}
