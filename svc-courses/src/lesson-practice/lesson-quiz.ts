import { createHash } from 'node:crypto';
import {
  LESSON_PRACTICE_MESSAGES,
  MAX_QUIZ_QUESTIONS,
  QUIZ_PASS_MARK,
  type GradedQuestion,
  type QuizQuestionView,
  type SubmitQuizAttemptBody,
} from '@masar/contracts';
import { normaliseForComparison } from '../documents/sentence-analysis';
import { ANSWER_LINE, correctAnswerCount, EXPLANATION_LINE, MARKED_CORRECT, OPTION_LINE, parseQuiz, type QuizQuestion } from '../quality/checks/quiz-format';

/*
 * A quiz lesson's multiple-choice questions, built from its stored text (the quiz format of
 * quality/checks/quiz-format). Wrong options are never invented: they are the other answers of the
 * quiz, then of the course's other quizzes; a true/false or yes/no answer is offered with its opposite.
 */

/** Options per question: the correct one and up to three wrong ones. */
const OPTIONS_PER_QUESTION = 4;

export interface BuiltQuestion extends QuizQuestionView {
  correctOptionId: string;
  explanation: string;
}

export interface GradedAttempt {
  correctCount: number;
  questionCount: number;
  score: number;
  passed: boolean;
  questions: GradedQuestion[];
}

export class QuizInputError extends Error {}

const OPPOSITES: Array<[string, string]> = [
  ['true', 'false'],
  ['yes', 'no'],
  ['صواب', 'خطأ'],
  ['صح', 'خطأ'],
  ['نعم', 'لا'],
];

/** "False." for "True.", keeping the answer's capital and full stop; null when the answer is not one of a pair. */
function oppositeOf(answer: string): string | null {
  const key = normaliseForComparison(answer);
  for (const [a, b] of OPPOSITES) {
    const other = key === normaliseForComparison(a) ? b : key === normaliseForComparison(b) ? a : null;
    if (other === null) continue;
    const capital = /^\p{Lu}/u.test(answer.trim()) ? other.charAt(0).toUpperCase() + other.slice(1) : other;
    return /[.!]$/.test(answer.trim()) ? `${capital}.` : capital;
  }
  return null;
}

function isBooleanAnswer(answer: string): boolean {
  return oppositeOf(answer) !== null;
}

function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function stableKey(seed: string, text: string): string {
  return createHash('sha256').update(`${seed}\u0000${normaliseForComparison(text)}`).digest('hex');
}

/**
 * The question's one correct answer as text, from its answer line (or the option it names or
 * marks); null when it has none, or several ("Answer: A and C"), which one choice cannot grade.
 */
function correctAnswerOf(question: QuizQuestion): string | null {
  if (question.options.length > 0 && correctAnswerCount(question) !== 1) return null;
  const named = question.answers.find((answer) => hasWords(answer));
  if (question.options.length > 0) {
    // Latin or Arabic option letters ("Answer: B", "الإجابة: ب").
    const letter = named ? /^\(?([A-Ha-h]|[أابجدهـو])\)?(?:[.)\s]|$)/u.exec(named)?.[1]?.toUpperCase() : undefined;
    const byLetter = letter ? question.options.find((option) => option.letter === letter) : undefined;
    if (byLetter) return byLetter.text;
    const marked = question.options.filter((option) => option.markedCorrect);
    if (marked.length === 1) return marked[0].text;
    return null;
  }
  return named ?? null;
}

/** Every answer a quiz's text gives, for other questions' wrong options. */
export function answersOfQuiz(content: string): string[] {
  return parseQuiz(content)
    .map(correctAnswerOf)
    .filter((answer): answer is string => answer !== null && !isBooleanAnswer(answer));
}

/**
 * The quiz of a lesson: each question with an answer that can be checked, its options in an order
 * fixed by the lesson and question (so a reload shows the same quiz) and without duplicates. A
 * question left with no wrong option to offer is not a fair question and is left out.
 */
export function buildLessonQuiz(lessonId: string, content: string, otherQuizAnswers: string[]): BuiltQuestion[] {
  const parsed = parseQuiz(content);
  const quizAnswers = parsed.map(correctAnswerOf).filter((answer): answer is string => answer !== null && !isBooleanAnswer(answer));
  const built: BuiltQuestion[] = [];
  parsed.forEach((question, index) => {
    if (built.length >= MAX_QUIZ_QUESTIONS || !hasWords(question.question)) return;
    const correct = correctAnswerOf(question);
    if (correct === null || !hasWords(correct)) return;
    const id = `q${index + 1}`;
    const seed = `${lessonId}:${id}`;
    const seen = new Set([normaliseForComparison(correct)]);
    const wrong: string[] = [];
    const take = (candidates: string[]) => {
      const ordered = [...candidates].sort((a, b) => stableKey(seed, a).localeCompare(stableKey(seed, b)));
      for (const candidate of ordered) {
        if (wrong.length >= OPTIONS_PER_QUESTION - 1) return;
        const key = normaliseForComparison(candidate);
        if (!hasWords(candidate) || seen.has(key)) continue;
        seen.add(key);
        wrong.push(candidate.trim());
      }
    };
    if (question.options.length > 0) {
      take(question.options.map((option) => option.text));
    } else if (isBooleanAnswer(correct)) {
      take([oppositeOf(correct) as string]);
    } else {
      take(quizAnswers);
      take(otherQuizAnswers);
    }
    if (wrong.length === 0) return;
    const options = [correct.trim(), ...wrong]
      .sort((a, b) => stableKey(seed, a).localeCompare(stableKey(seed, b)))
      .map((text, position) => ({ id: String.fromCharCode(97 + position), text }));
    const correctOptionId = options.find((option) => option.text === correct.trim())!.id;
    built.push({ id, text: question.question, options, correctOptionId, explanation: question.explanations.find(hasWords) ?? '' });
  });
  return built;
}

/** What a learner sees before answering: questions and options only. */
export function questionsForLearner(questions: BuiltQuestion[]): QuizQuestionView[] {
  return questions.map(({ id, text, options }) => ({ id, text, options }));
}

/** Grades an attempt; unanswered questions count as wrong. Throws QuizInputError for answers the quiz cannot take. */
export function gradeAttempt(questions: BuiltQuestion[], answers: SubmitQuizAttemptBody['answers']): GradedAttempt {
  const chosen = new Map<string, string>();
  for (const answer of answers) {
    const question = questions.find((candidate) => candidate.id === answer.questionId);
    if (!question) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION);
    if (!question.options.some((option) => option.id === answer.optionId)) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.UNKNOWN_OPTION);
    if (chosen.has(answer.questionId)) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.DUPLICATE_QUESTION);
    chosen.set(answer.questionId, answer.optionId);
  }
  const graded = questions.map((question) => {
    const chosenOptionId = chosen.get(question.id) ?? null;
    return {
      questionId: question.id,
      chosenOptionId,
      correctOptionId: question.correctOptionId,
      correct: chosenOptionId === question.correctOptionId,
      explanation: question.explanation,
    };
  });
  const correctCount = graded.filter((question) => question.correct).length;
  return {
    correctCount,
    questionCount: questions.length,
    score: Math.round((100 * correctCount) / questions.length),
    passed: correctCount / questions.length >= QUIZ_PASS_MARK,
    questions: graded,
  };
}

/** A quiz lesson's text without its answers and explanations, as learners read it before the quiz. */
export function withoutAnswers(content: string): string {
  const lines = content.split(/\r?\n/).flatMap((line) => {
    if (ANSWER_LINE.test(line) || EXPLANATION_LINE.test(line)) return [];
    if (OPTION_LINE.test(line)) return [line.replace(MARKED_CORRECT, '').replace(/\[(?:x|X)\]/, '[ ]')];
    return [line];
  });
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
