import { createHash } from 'node:crypto';
import {
  chosenOptionIdsOf,
  LESSON_PRACTICE_MESSAGES,
  MAX_QUIZ_QUESTIONS,
  QUIZ_PASS_MARK,
  type GradedQuestion,
  type QuizQuestionView,
  type SubmitQuizAttemptBody,
} from '@masar/contracts';
import { normaliseForComparison } from '../documents/sentence-analysis';
import { ANSWER_LINE, EXPLANATION_LINE, MARKED_CORRECT, OPTION_LINE, parseQuiz, type QuizQuestion } from '../quality/checks/quiz-format';

/*
 * A quiz lesson's multiple-choice questions, built from its stored text (the quiz format of
 * quality/checks/quiz-format). Wrong options are never invented: they are the other answers of the
 * quiz, then of the course's other quizzes; a true/false or yes/no answer is offered with its opposite.
 */

/** Options per question: the correct one and up to three wrong ones. */
const OPTIONS_PER_QUESTION = 4;
/** A "select all that apply" question shows all its own options, up to the eight letters A-H. */
const MAX_OPTIONS_PER_QUESTION = 8;

export interface BuiltQuestion extends QuizQuestionView {
  /** Every right option: one, or several for a "select all that apply" question (`multiple`). */
  correctOptionIds: string[];
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

/** An option letter (Latin or Arabic) standing alone: "B", "(c)", "ب". */
const LONE_LETTER = /^\(?([A-Ha-h]|[أابجدهـو])\)?[.)]?$/u;

/**
 * The letters an answer line names ("B", "A and C", "A, C", "أ و ج"), or null when it is not a list
 * of letters but words. A lone "و" between letters is Arabic "and", not the sixth option.
 */
function lettersNamed(answer: string): string[] | null {
  const tokens = answer
    .replace(/[.،,;&/]+/g, ' ')
    .split(/\s+/)
    .filter((token) => token.length > 0 && !/^(?:and|or)$/i.test(token));
  const letters = tokens.filter((token, index) => !(token === 'و' && index > 0 && index < tokens.length - 1));
  const named: string[] = [];
  for (const token of letters) {
    const letter = LONE_LETTER.exec(token)?.[1];
    if (letter === undefined) return null;
    named.push(letter.toUpperCase());
  }
  return named.length > 0 ? named : null;
}

/** The option an answer line names by its text, or by its letter and text ("B) Blue", "B. Blue", "B Blue"). */
function optionNamedBy(question: QuizQuestion, answer: string): QuizQuestion['options'][number] | undefined {
  const sameText = (option: QuizQuestion['options'][number], text: string) => normaliseForComparison(option.text) === normaliseForComparison(text);
  const byText = question.options.find((option) => sameText(option, answer));
  if (byText) return byText;
  const lettered = /^\(?([A-Ha-h]|[أابجدهـو])\)?\s*([.):\-–])?\s+(.+)$/u.exec(answer);
  if (!lettered) return undefined;
  const option = question.options.find((candidate) => candidate.letter === lettered[1].toUpperCase());
  // "B) …" names option B; "A good idea" names nothing unless its rest is option A's text.
  return option && (lettered[2] !== undefined || sameText(option, lettered[3])) ? option : undefined;
}

/**
 * The question's correct answers as text: for a question with options, the options its answer lines
 * name (by letter, "Answer: A and C", or by their text) or else the ones marked correct; without
 * options, its one answer line. Null when it has none that can be checked.
 */
function correctAnswersOf(question: QuizQuestion): string[] | null {
  const named = question.answers.filter((answer) => hasWords(answer));
  if (question.options.length === 0) return named.length > 0 ? [named[0]] : null;
  const chosen = new Set<string>();
  for (const answer of named) {
    const letters = lettersNamed(answer.trim());
    if (letters !== null) {
      for (const letter of letters) {
        const option = question.options.find((candidate) => candidate.letter === letter);
        // A letter the question does not offer makes the answer line unreliable: the question is left out.
        if (option === undefined) return null;
        chosen.add(option.text);
      }
      continue;
    }
    const byText = optionNamedBy(question, answer.trim());
    if (byText === undefined) return null;
    chosen.add(byText.text);
  }
  if (chosen.size === 0) for (const option of question.options.filter((candidate) => candidate.markedCorrect)) chosen.add(option.text);
  const answers = [...chosen].filter(hasWords);
  return answers.length > 0 ? answers : null;
}

/** Every single answer a quiz's text gives, for other questions' wrong options. */
export function answersOfQuiz(content: string): string[] {
  return parseQuiz(content)
    .map(correctAnswersOf)
    .filter((answers): answers is string[] => answers !== null && answers.length === 1 && !isBooleanAnswer(answers[0]))
    .map((answers) => answers[0]);
}

/**
 * The quiz of a lesson: each question with an answer that can be checked, its options in an order
 * fixed by the lesson and question (so a reload shows the same quiz) and without duplicates. A
 * question with several right options keeps all its own options ("select all that apply"). A
 * question left with no wrong option to offer is not a fair question and is left out.
 */
export function buildLessonQuiz(lessonId: string, content: string, otherQuizAnswers: string[]): BuiltQuestion[] {
  const parsed = parseQuiz(content);
  const quizAnswers = answersOfQuiz(content);
  const built: BuiltQuestion[] = [];
  parsed.forEach((question, index) => {
    if (built.length >= MAX_QUIZ_QUESTIONS || !hasWords(question.question)) return;
    const corrects = correctAnswersOf(question)?.map((answer) => answer.trim());
    if (!corrects) return;
    const multiple = corrects.length > 1;
    const id = `q${index + 1}`;
    const seed = `${lessonId}:${id}`;
    const seen = new Set(corrects.map(normaliseForComparison));
    const wrong: string[] = [];
    const room = multiple ? MAX_OPTIONS_PER_QUESTION - corrects.length : OPTIONS_PER_QUESTION - 1;
    const take = (candidates: string[]) => {
      const ordered = [...candidates].sort((a, b) => stableKey(seed, a).localeCompare(stableKey(seed, b)));
      for (const candidate of ordered) {
        if (wrong.length >= room) return;
        const key = normaliseForComparison(candidate);
        if (!hasWords(candidate) || seen.has(key)) continue;
        seen.add(key);
        wrong.push(candidate.trim());
      }
    };
    if (question.options.length > 0) {
      take(question.options.map((option) => option.text));
    } else if (isBooleanAnswer(corrects[0])) {
      take([oppositeOf(corrects[0]) as string]);
    } else {
      take(quizAnswers);
      take(otherQuizAnswers);
    }
    if (wrong.length === 0 || (multiple && corrects.length > MAX_OPTIONS_PER_QUESTION - 1)) return;
    const options = [...corrects, ...wrong]
      .sort((a, b) => stableKey(seed, a).localeCompare(stableKey(seed, b)))
      .map((text, position) => ({ id: String.fromCharCode(97 + position), text }));
    const correctOptionIds = options.filter((option) => corrects.includes(option.text)).map((option) => option.id);
    built.push({ id, text: question.question, options, multiple, correctOptionIds, explanation: question.explanations.find(hasWords) ?? '' });
  });
  return built;
}

/** What a learner sees before answering: questions, options and whether to select all that apply. */
export function questionsForLearner(questions: BuiltQuestion[]): QuizQuestionView[] {
  return questions.map(({ id, text, options, multiple }) => ({ id, text, options, multiple }));
}

/**
 * Grades an attempt; unanswered questions count as wrong, and a "select all that apply" question is
 * right only when exactly its right options are chosen. Throws QuizInputError for answers the quiz
 * cannot take (an unknown question or option, a question answered twice, an option named twice,
 * several options for a question with one right answer).
 */
export function gradeAttempt(questions: BuiltQuestion[], answers: SubmitQuizAttemptBody['answers']): GradedAttempt {
  const chosen = new Map<string, string[]>();
  for (const answer of answers) {
    const question = questions.find((candidate) => candidate.id === answer.questionId);
    if (!question) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION);
    const optionIds = chosenOptionIdsOf(answer);
    if (optionIds.length === 0) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.EMPTY_SELECTION);
    if (new Set(optionIds).size !== optionIds.length) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.DUPLICATE_OPTION);
    if (!optionIds.every((optionId) => question.options.some((option) => option.id === optionId))) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.UNKNOWN_OPTION);
    if (!question.multiple && optionIds.length > 1) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.ONE_OPTION_ONLY);
    if (chosen.has(answer.questionId)) throw new QuizInputError(LESSON_PRACTICE_MESSAGES.DUPLICATE_QUESTION);
    chosen.set(answer.questionId, [...optionIds].sort());
  }
  const graded = questions.map((question): GradedQuestion => {
    const chosenOptionIds = chosen.get(question.id) ?? [];
    const correctOptionIds = [...question.correctOptionIds].sort();
    return {
      questionId: question.id,
      chosenOptionId: chosenOptionIds[0] ?? null,
      correctOptionId: correctOptionIds[0],
      chosenOptionIds,
      correctOptionIds,
      multiple: question.multiple,
      correct: chosenOptionIds.length === correctOptionIds.length && chosenOptionIds.every((optionId, index) => optionId === correctOptionIds[index]),
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
