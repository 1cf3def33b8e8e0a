import { type CheckResult, lessonsOf, quoteOf, type ReviewedCourse, resultOf } from './course-check';
import { correctAnswerCount, duplicatedOption, missingAnswerOption, parseQuiz, type QuizQuestion } from './quiz-format';

/** What is wrong with one question, or null. */
function problemOf(question: QuizQuestion): string | null {
  const correct = correctAnswerCount(question);
  if (correct === 0) return `question ${question.number} gives no correct answer`;
  if (correct > 1) return `question ${question.number} gives ${correct} correct answers; it needs exactly one`;
  const missing = missingAnswerOption(question);
  if (missing) return `question ${question.number} names option ${missing} as the answer, but offers no option ${missing}`;
  const duplicate = duplicatedOption(question);
  if (duplicate) return `question ${question.number} offers the option ${quoteOf(duplicate, 40)} twice`;
  return null;
}

/**
 * Each question of each quiz lesson has exactly one correct answer and no option twice (critical:
 * a learner is marked wrong for a right answer). A quiz without questions is lesson-length's finding.
 */
export function checkQuizAnswers(course: ReviewedCourse): CheckResult[] {
  return lessonsOf(course)
    .filter(({ lesson }) => lesson.type === 'quiz')
    .flatMap(({ module, lesson }) => {
      const questions = parseQuiz(lesson.content);
      if (questions.length === 0) return [];
      const problems = questions.map(problemOf).filter((problem): problem is string => problem !== null);
      if (problems.length === 0) {
        return [resultOf('quiz-answers', 'critical', true, { module, lesson }, `Every question of the quiz "${lesson.title}" has exactly one correct answer.`)];
      }
      return problems.map((problem) =>
        resultOf('quiz-answers', 'critical', false, { module, lesson }, `In the quiz "${lesson.title}", ${problem}.`),
      );
    });
}
