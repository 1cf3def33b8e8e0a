import { LESSON_PRACTICE_MESSAGES } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import type { TFunction } from 'i18next';

const KEYS: Record<string, string> = {
  [LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND]: 'practice.errors.lessonNotFound',
  [LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ]: 'practice.errors.notAQuiz',
  [LESSON_PRACTICE_MESSAGES.NO_FAIR_QUESTION]: 'practice.errors.noFairQuestion',
  [LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE]: 'practice.errors.notAnExercise',
  [LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION]: 'practice.errors.quizChanged',
  [LESSON_PRACTICE_MESSAGES.UNKNOWN_OPTION]: 'practice.errors.quizChanged',
  [LESSON_PRACTICE_MESSAGES.DUPLICATE_QUESTION]: 'practice.errors.quizChanged',
  [LESSON_PRACTICE_MESSAGES.BLANK_WORK]: 'practice.errors.blankWork',
};

/** A failed call in the reader's language: the contract's messages are translated, others shown as sent. */
export function practiceErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  const failure = toApiError(error);
  const key = failure?.serverMessage === undefined ? undefined : KEYS[failure.serverMessage];
  if (key) return t(key);
  return failure?.serverMessage ?? t(fallbackKey);
}
