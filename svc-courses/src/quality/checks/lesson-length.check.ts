import type { LessonType } from '@masar/contracts';
import { countWords } from '../../documents/sentence-analysis';
import { type CheckResult, lessonsOf, type ReviewedCourse, type ReviewedLesson, resultOf } from './course-check';
import { parseQuiz } from './quiz-format';

/**
 * The least a lesson of each type should hold: words of text for reading, video (its script or
 * summary) and exercise lessons, questions for a quiz. The same numbers for English and Arabic.
 */
export const MIN_LESSON_LENGTH: Record<LessonType, { amount: number; unit: 'words' | 'questions' }> = {
  reading: { amount: 150, unit: 'words' },
  video: { amount: 80, unit: 'words' },
  exercise: { amount: 50, unit: 'words' },
  quiz: { amount: 3, unit: 'questions' },
};

export interface LessonLength {
  amount: number;
  least: number;
  unit: 'words' | 'questions';
  tooShort: boolean;
}

/** How long a lesson is in its type's unit, against the least its type needs (the Content Enhancement agent asks too). */
export function lessonLengthOf(lesson: Pick<ReviewedLesson, 'type' | 'content'>): LessonLength {
  const least = MIN_LESSON_LENGTH[lesson.type];
  const amount = least.unit === 'questions' ? parseQuiz(lesson.content).length : countWords(lesson.content);
  return { amount, least: least.amount, unit: least.unit, tooShort: amount < least.amount };
}

/** Lessons too short for their type (major). */
export function checkLessonLength(course: ReviewedCourse): CheckResult[] {
  return lessonsOf(course).map(({ module, lesson }) => {
    const { amount, least, unit, tooShort } = lessonLengthOf(lesson);
    const what = `${lesson.type} lesson "${lesson.title}"`;
    return tooShort
      ? resultOf('lesson-length', 'major', false, { module, lesson }, `The ${what} has ${amount} ${unit}; a ${lesson.type} lesson needs at least ${least}.`)
      : resultOf('lesson-length', 'major', true, { module, lesson }, `The ${what} has ${amount} ${unit} (at least ${least}).`);
  });
}
