import { EXERCISE_ATTACHMENT_MESSAGES, type ExerciseFeedback, LESSON_PRACTICE_MESSAGES, MAX_EXERCISE_ATTACHMENTS } from '@masar/contracts';
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
  [LESSON_PRACTICE_MESSAGES.ONE_OPTION_ONLY]: 'practice.errors.quizChanged',
  [LESSON_PRACTICE_MESSAGES.BLANK_WORK]: 'practice.errors.blankWork',
  [EXERCISE_ATTACHMENT_MESSAGES.TOO_MANY]: 'practice.errors.tooManyFiles',
  [EXERCISE_ATTACHMENT_MESSAGES.MISSING]: 'practice.errors.fileMissing',
};

/** The gateway's refusals of a file name it in quotes: translated with the name kept. */
const FILE_REFUSALS: ReadonlyArray<[RegExp, string]> = [
  [/^"(.+)" cannot be attached: /, 'practice.errors.fileUnsupported'],
  [/^"(.+)" (?:holds|is not an?) .*: attach the file itself/, 'practice.errors.fileMismatch'],
  [/^"(.+)" is empty$/, 'practice.errors.fileEmpty'],
];

/** A failed call in the reader's language: the contract's messages are translated, others shown as sent. */
export function practiceErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  const failure = toApiError(error);
  const message = failure?.serverMessage;
  if (message === undefined) return t(fallbackKey);
  const key = KEYS[message];
  if (key) return t(key, { count: MAX_EXERCISE_ATTACHMENTS });
  for (const [pattern, refusalKey] of FILE_REFUSALS) {
    const named = pattern.exec(message);
    if (named) return t(refusalKey, { name: named[1] });
  }
  const tooLarge = /^File is too large \(max ([0-9.]+) MB\)$/.exec(message);
  if (tooLarge) return t('practice.errors.fileTooLarge', { megabytes: tooLarge[1] });
  return message;
}

/**
 * Why a submission has no feedback, in the reader's language: from its reason code; a submission
 * stored before reasons had codes shows its message as it was written.
 */
export function feedbackReasonText(feedback: Pick<ExerciseFeedback, 'reason' | 'message'>, t: TFunction): string | undefined {
  if (feedback.reason !== undefined) return t(`practice.feedbackReasons.${feedback.reason}`);
  if (feedback.message === LESSON_PRACTICE_MESSAGES.FEEDBACK_PREDATES) return t('practice.feedbackReasons.predates');
  return feedback.message;
}
