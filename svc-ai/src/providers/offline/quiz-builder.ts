import { Language, LessonSource } from '@masar/contracts';
import { sourceLabel } from '../lesson-composer';
import { contentWordsOf, countWords, isStopword, overlapOf, pointKey, sentencesOf, WORD, wordKey } from './source-text';

/** A statement a source makes (one of its key points, or one of its sentences) and the source it comes from. */
export interface QuizStatement {
  text: string;
  source: LessonSource;
}

export interface QuizQuestion {
  /** What the source states, which the question asks about. */
  statement: string;
  question: string;
  answer: string;
  explanation: string;
  source: LessonSource;
}

const BLANK = '_____';
const WORDS = {
  en: { fillIn: 'Fill in the blank:', answer: 'Answer:', explanation: 'Explanation:', statedIn: 'As stated in', material: 'the source material' },
  ar: { fillIn: 'أكمل الفراغ:', answer: 'الإجابة:', explanation: 'الشرح:', statedIn: 'كما ورد في', material: 'المادة المصدر' },
} as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every occurrence of `term` as a whole word, whatever its capitals. */
function wholeWord(term: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * The word a question asks for: a term the sources keep returning to, a word of the lesson's
 * title, a name or acronym ("HAVING", "PostgreSQL"); never a stopword, and not one an earlier
 * question already asked for.
 */
function termToAsk(statement: string, frequency: Map<string, number>, focus: Set<string>, asked: Set<string>): string | undefined {
  let best: { term: string; score: number } | undefined;
  const tokens = [...statement.matchAll(WORD)].map((match) => match[0]);
  tokens.forEach((term, position) => {
    const key = wordKey(term);
    if (isStopword(key) || (key.length < 3 && !/\d/.test(key))) return;
    let score = Math.log(1 + (frequency.get(key) ?? 0)) + Math.min(key.length, 12) / 12;
    if (focus.has(key)) score += 2;
    if (/[A-Z].*[A-Z]|\p{L}.*\d|\d.*\p{L}/u.test(term)) score += 2;
    else if (position > 0 && /^\p{Lu}/u.test(term)) score += 1;
    if (asked.has(key)) score -= 3;
    if (!best || score > best.score) best = { term, score };
  });
  return best?.term;
}

/** The source's own sentence that best backs the statement up, when it says more than the statement itself. */
function supportingSentence(statement: string, answer: string, source: LessonSource): string | undefined {
  const pattern = wholeWord(answer);
  let best: { sentence: string; overlap: number } | undefined;
  for (const sentence of sentencesOf(source.content)) {
    pattern.lastIndex = 0;
    if (!pattern.test(sentence) || pointKey(sentence) === pointKey(statement) || countWords(sentence) > 60) continue;
    const overlap = overlapOf(sentence, statement);
    if (overlap >= 0.3 && (!best || overlap > best.overlap)) best = { sentence, overlap };
  }
  return best?.sentence;
}

/**
 * Fill-in-the-blank questions built from what the sources themselves state: the answer is a word of
 * the statement, the explanation the source's sentence that supports it, with where it comes from.
 * Nothing is made up: a statement too short to ask about is skipped.
 */
export function buildQuizQuestions(statements: readonly QuizStatement[], focus: string, language: Language, max = 5): QuizQuestion[] {
  const words = WORDS[language];
  const frequency = new Map<string, number>();
  const texts = new Set(statements.map(({ source }) => source.content));
  for (const text of [...texts, ...statements.map(({ text }) => text)]) {
    for (const word of contentWordsOf(text)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const focusWords = new Set(contentWordsOf(focus));
  const asked = new Set<string>();
  const questions: QuizQuestion[] = [];
  for (const { text, source } of statements) {
    if (questions.length === max) break;
    const statement = text.trim();
    if (countWords(statement) < 5) continue;
    const answer = termToAsk(statement, frequency, focusWords, asked);
    if (answer === undefined) continue;
    asked.add(wordKey(answer));
    const label = sourceLabel(source) ?? words.material;
    const support = supportingSentence(statement, answer, source);
    questions.push({
      statement,
      question: `${words.fillIn} ${statement.replace(wholeWord(answer), BLANK)}`,
      answer,
      explanation: support !== undefined ? `${support} (${label})` : `${words.statedIn} ${label}.`,
      source,
    });
  }
  return questions;
}

/** The seed catalog's quiz format: "1. Question\nAnswer: …\nExplanation: …", a blank line between questions. */
export function formatQuiz(questions: readonly QuizQuestion[], language: Language): string {
  const words = WORDS[language];
  return questions
    .map(
      ({ question, answer, explanation }, index) =>
        `${index + 1}. ${question}\n${words.answer} ${answer}\n${words.explanation} ${explanation}`,
    )
    .join('\n\n');
}
