import { AiProvider, CheckedExerciseFeedbackRequest } from '@masar/contracts';

/** What a backend writes about a submission: the feedback text and the points it found covered or missing. */
export interface WrittenExerciseFeedback {
  text: string;
  covered: string[];
  missing: string[];
}

/** A backend that writes feedback on a learner's exercise work, in the request's language. */
export interface ExerciseFeedbackWriter {
  readonly name: AiProvider;
  write(request: CheckedExerciseFeedbackRequest): Promise<WrittenExerciseFeedback>;
}

export const EXERCISE_FEEDBACK_WRITERS = Symbol('EXERCISE_FEEDBACK_WRITERS');

/** The points work is checked against: the checklist (activities, then key points), each once. */
export function pointsToCheck(request: CheckedExerciseFeedbackRequest): string[] {
  return [...new Set([...request.exercise.checklist, ...request.exercise.keyPoints].map((point) => point.trim()).filter((point) => /[\p{L}\p{N}]/u.test(point)))];
}
