import { normaliseForComparison } from '../../documents/sentence-analysis';

/*
 * Reads the quiz formats Masar writes and accepts: the seed catalog's "Q1. …\nAnswer: …", the
 * document and offline builders' "1. …\nAnswer: …\nExplanation: …" (Arabic "الإجابة:" and
 * "الشرح:"), and multiple choice with lettered options ("A) …", "ب) …"), where the correct option is
 * named on the answer line ("Answer: B") or marked on the option ("(correct)", "✓", "[x]").
 */

export interface QuizOption {
  letter: string;
  text: string;
  markedCorrect: boolean;
}

export interface QuizQuestion {
  number: number;
  question: string;
  options: QuizOption[];
  /** The text of each answer line ("Answer: …"), empty when the line says nothing. */
  answers: string[];
  /** The text of each explanation line ("Explanation: …") after the answer. */
  explanations: string[];
}

const QUESTION_START = /^\s*(?:Q\s*)?([0-9]+|[٠-٩]+)\s*[.)\-–]\s*(.+)$/i;
export const ANSWER_LINE = /^\s*(?:correct answers?|answers?|الإجابة الصحيحة|الاجابة الصحيحة|الإجابة|الاجابة|الجواب)\s*[:：]\s*(.*)$/i;
export const OPTION_LINE = /^\s*(?:\(?([A-Ha-h]|[أابجدهـو])\s*[.)\-–]|[-*•]\s*\[( |x|X)\])\s+(.+)$/u;
export const MARKED_CORRECT = /\s*(?:\((?:correct|صحيح|صحيحة)\)|✓|✔|\*)\s*$/iu;
export const EXPLANATION_LINE = /^\s*(?:explanation|why|الشرح|التوضيح|التفسير)\s*[:：]\s*(.*)$/i;
const LETTER_LIST = /^\(?([A-Ha-h])\)?(?:\s*(?:,|;|and|&|\/|و)\s*\(?([A-Ha-h])\)?)+/;

function arabicDigitsToLatin(text: string): string {
  return text.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
}

export function parseQuiz(content: string): QuizQuestion[] {
  const questions: QuizQuestion[] = [];
  let current: QuizQuestion | null = null;
  for (const line of content.split(/\r?\n/)) {
    const answer = ANSWER_LINE.exec(line);
    if (answer && current) {
      current.answers.push(answer[1].trim());
      continue;
    }
    const explanation = EXPLANATION_LINE.exec(line);
    if (explanation && current) {
      current.explanations.push(explanation[1].trim());
      continue;
    }
    const option = OPTION_LINE.exec(line);
    if (option && current && current.answers.length === 0) {
      const checkbox = option[2];
      const text = option[3].trim();
      const marked = checkbox !== undefined ? checkbox.toLowerCase() === 'x' : MARKED_CORRECT.test(text);
      current.options.push({
        letter: (option[1] ?? String.fromCharCode(65 + current.options.length)).toUpperCase(),
        text: text.replace(MARKED_CORRECT, ''),
        markedCorrect: marked,
      });
      continue;
    }
    const start = QUESTION_START.exec(line);
    if (start) {
      current = { number: Number(arabicDigitsToLatin(start[1])), question: start[2].trim(), options: [], answers: [], explanations: [] };
      questions.push(current);
    }
  }
  return questions;
}

/** How many answers a question gives as correct: its answer lines (each letter of "A and C"), else its marked options. */
export function correctAnswerCount(question: QuizQuestion): number {
  const named = question.answers.filter((answer) => answer.length > 0);
  if (named.length > 0) {
    return named.reduce((sum, answer) => {
      const letters = LETTER_LIST.exec(answer);
      return sum + (letters && question.options.length > 0 ? answer.match(/(?<![\p{L}])[A-Ha-h](?![\p{L}])/gu)!.length : 1);
    }, 0);
  }
  return question.options.filter((option) => option.markedCorrect).length;
}

/** An option the answer line names by letter that the question does not offer ("Answer: E" with A-D). */
export function missingAnswerOption(question: QuizQuestion): string | null {
  if (question.options.length === 0) return null;
  for (const answer of question.answers) {
    const letter = /^\(?([A-Ha-h])\)?(?:[.)\s]|$)/.exec(answer)?.[1]?.toUpperCase();
    if (letter && !question.options.some((option) => option.letter === letter)) return letter;
  }
  return null;
}

/** The first option offered twice (compared without case, punctuation or Arabic diacritics), or null. */
export function duplicatedOption(question: QuizQuestion): string | null {
  const seen = new Set<string>();
  for (const option of question.options) {
    const key = normaliseForComparison(option.text);
    if (seen.has(key)) return option.text;
    seen.add(key);
  }
  return null;
}
