import { wordingFor } from './document-wording';
import type { LessonSourceRef } from '@masar/contracts';
import { isActivitySentence, type RankedSentence } from './lesson-extracts';
import { contentWords, countWords, isMostlyArabic, normaliseForComparison } from './sentence-analysis';

/*
 * A module's quiz, written from the module's own sentences in the seed catalog's format
 * ("1. Question\nAnswer: …\nExplanation: …"). Questions only frame a sentence of the text:
 * "What is X?" for "X is Y", a blank for a number, "True or false:" for a key statement.
 */

const MAX_QUESTIONS = 5;
const MIN_QUESTIONS = 3;


export interface QuizLessonInput {
  title: string;
  sentences: string[];
  /** The lesson's sentences that stand alone, best first. */
  ranked: RankedSentence[];
  sources: LessonSourceRef[];
}

export interface ModuleQuiz {
  content: string;
  questionCount: number;
  /** What each question is about: the term defined, else the lesson it comes from. */
  topics: string[];
  sources: LessonSourceRef[];
}

interface Question {
  lessonIndex: number;
  position: number;
  sentence: string;
  question: string;
  answer: string;
  topic: string;
}

/** First words that make a sentence's subject something other than a term ("It is…", "Each of…"). */
const NOT_A_TERM = new Set(
  'it this that these those there here they he she we you i each every which what who whom whose when where why how if while because although so one most many some all any no our your their his her its such another other both either neither'.split(' '),
);
/** "X is …" defines X when what follows names a thing ("a…", "the…", "any…"), not a quality ("X is useful"). */
const NAMES_A_THING = /^(?:an?|the|any|anything|anyone|something|someone|one|each|every|how|what|when|where|whether|those|people|ways?|things?|process|practice|set|list|tool|way)\b/i;
const ENGLISH_DEFINITION = /^((?:(?:an?|the)\s+)?\p{L}[\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}'’-]+){0,5}?)\s+(is defined as|refers to|means|is|are)\s+(.+?)[.!]?$/iu;
const ARABIC_DEFINITION = /^((?:[\p{L}\p{M}]+\s+){0,3}?[\p{L}\p{M}]+)\s+(هو|هي|يعني|تعني)\s+(.+?)[.!]?$/u;
const ARABIC_NOT_A_TERM = new Set('هذا هذه ذلك تلك وهذا وهذه وهو وهي التي الذي ما لذلك فهو فهي أما لكن ولكن كما إن أن قد لا'.split(' '));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function asAnswer(text: string): string {
  const trimmed = text.trim().replace(/[,;:،؛]+$/, '');
  return /[.!?؟]$/.test(trimmed) ? capitalise(trimmed) : `${capitalise(trimmed)}.`;
}

/** "What is a hazard?" from "A hazard is anything that…", with "Anything that…" as the answer. */
function definitionQuestion(sentence: string, moduleText: string): Omit<Question, 'lessonIndex' | 'position' | 'sentence'> | null {
  if (isMostlyArabic(sentence)) {
    const match = ARABIC_DEFINITION.exec(sentence);
    if (!match) return null;
    let subject = match[1].trim();
    const first = subject.split(/\s+/)[0];
    if (ARABIC_NOT_A_TERM.has(first)) return null;
    // "والحادث الوشيك" is "and the near miss": the conjunction is not part of the term.
    if (/^وال/.test(subject)) subject = subject.slice(1);
    if (countWords(match[3]) < 2) return null;
    const pronoun = match[2] === 'هي' || match[2] === 'تعني' ? 'هي' : 'هو';
    return { question: `ما ${pronoun} ${subject}؟`, answer: asAnswer(match[3]), topic: subject };
  }
  const match = ENGLISH_DEFINITION.exec(sentence);
  if (!match) return null;
  const [, rawSubject, verb, rest] = match;
  const words = rawSubject.split(/\s+/);
  if (NOT_A_TERM.has(words[0].toLowerCase()) || contentWords(rawSubject).length === 0) return null;
  const defines = /^(?:means|refers to|is defined as)$/i.test(verb);
  if ((!defines && !NAMES_A_THING.test(rest)) || countWords(rest) < 3) return null;
  // Lower-case the subject's first word unless it is a name: capitalised where no sentence starts, or an acronym.
  const firstWord = words[0];
  const isArticle = /^(?:an?|the)$/i.test(firstWord);
  const isName = firstWord === firstWord.toUpperCase() || new RegExp(`[^.!?؟\\s]\\s+${escapeRegExp(firstWord)}(?![\\p{L}])`, 'u').test(moduleText);
  const subject = isArticle || !isName ? [firstWord.toLowerCase(), ...words.slice(1)].join(' ') : rawSubject;
  const question =
    verb.toLowerCase() === 'means'
      ? `What does ${subject} mean?`
      : verb.toLowerCase() === 'refers to'
        ? `What does ${subject} refer to?`
        : verb.toLowerCase() === 'is defined as'
          ? `How is ${subject} defined?`
          : `What ${verb.toLowerCase()} ${subject}?`;
  const topic = capitalise(words.slice(isArticle ? 1 : 0).join(' '));
  return { question, answer: asAnswer(rest), topic };
}

function topicKey(topic: string): string {
  return normaliseForComparison(topic).replace(/^(?:an?|the) /, '');
}

/** Units that make a number worth asking about ("within 24 hours", "every 12 months"). */
const UNIT_AFTER_NUMBER = /^\s*(?:%|per ?cent|percent|hours?|minutes?|seconds?|days?|weeks?|months?|years?|times|metres?|meters?|km|kg|cm|mm|people|employees|workers|steps?|questions|points|ساعة|ساعات|دقيقة|دقائق|يوم|يوماً|أيام|أسبوع|أسابيع|شهر|شهراً|أشهر|سنة|سنوات|عاماً|أعوام|بالمئة|٪)(?![\p{L}])/iu;
// Arabic letters may precede a number ("و25" is "and 25"); Latin letters make it part of a code ("A4").
const NUMBER = /(?<![A-Za-z\p{N}.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?%?|[٠-٩]+)(?![\p{L}\p{N}]|[.,][\d٠-٩])/gu;

/** "Fill in the blank: …within ____ hours…" from a sentence with a number, the number as the answer. */
function clozeQuestion(sentence: string): Omit<Question, 'lessonIndex' | 'position' | 'sentence' | 'topic'> | null {
  const numbers = [...sentence.matchAll(NUMBER)].filter((match) => match.index !== undefined);
  if (numbers.length === 0) return null;
  const withUnit = numbers.find((match) => UNIT_AFTER_NUMBER.test(sentence.slice((match.index as number) + match[0].length)));
  const chosen = withUnit ?? [...numbers].sort((a, b) => parseFloat(b[0].replace(/,/g, '')) - parseFloat(a[0].replace(/,/g, '')))[0];
  const start = chosen.index as number;
  const blanked = `${sentence.slice(0, start)}____${sentence.slice(start + chosen[0].length)}`;
  const lead = isMostlyArabic(sentence) ? 'أكمل الفراغ' : 'Fill in the blank';
  return { question: `${lead}: ${blanked}`, answer: `${chosen[0]}.` };
}

/** Words an instruction starts with: an instruction is neither true nor false. */
const INSTRUCTION_VERBS = new Set(
  'avoid include keep make take use wear follow ensure remember do don\'t never always report tell call set put stop start give let be add attach send ask read open close turn switch store clean lift carry move press'.split(' '),
);

/** A complete statement (it ends like a sentence) that does not tell the reader to do something. */
function canBeTrueOrFalse(sentence: string): boolean {
  const firstWord = (/^[\p{L}'’]+/u.exec(sentence)?.[0] ?? '').toLowerCase();
  return /[.!]$/.test(sentence) && !isActivitySentence(sentence) && !INSTRUCTION_VERBS.has(firstWord);
}

function trueOrFalseQuestion(sentence: string): Omit<Question, 'lessonIndex' | 'position' | 'sentence' | 'topic'> {
  return isMostlyArabic(sentence)
    ? { question: `صواب أم خطأ: ${sentence}`, answer: 'صواب.' }
    : { question: `True or false: ${sentence}`, answer: 'True.' };
}

/** Lessons visited first, spread over the module when it has more lessons than questions. */
function lessonOrder(count: number): number[] {
  if (count <= MAX_QUESTIONS) return [...Array(count).keys()];
  const spread = [...new Set([...Array(MAX_QUESTIONS).keys()].map((step) => Math.round((step * (count - 1)) / (MAX_QUESTIONS - 1))))];
  return [...spread, ...[...Array(count).keys()].filter((index) => !spread.includes(index))];
}

/**
 * Three to five questions over the module's lessons, spread across them, each made from one of
 * their sentences: a definition if the lesson has one, else a number to fill in, else a true/false
 * statement of a key sentence. Null when the module has fewer than 2 sentences, or none usable.
 */
export function buildModuleQuiz(lessons: QuizLessonInput[]): ModuleQuiz | null {
  const sentenceCount = lessons.reduce((sum, lesson) => sum + lesson.sentences.length, 0);
  if (sentenceCount < 2) return null;
  const moduleText = lessons.flatMap((lesson) => lesson.sentences).join(' ');
  const wording = wordingFor(moduleText);
  const used = new Set<string>();
  const askedTopics = new Set<string>();
  const questions: Question[] = [];

  const ask = (lessonIndex: number, allowAnySentence: boolean): boolean => {
    const lesson = lessons[lessonIndex];
    const fresh = lesson.ranked.filter((sentence) => !used.has(normaliseForComparison(sentence.text)));
    const add = (sentence: RankedSentence, made: Omit<Question, 'lessonIndex' | 'position' | 'sentence'>) => {
      used.add(normaliseForComparison(sentence.text));
      questions.push({ ...made, lessonIndex, position: sentence.position, sentence: sentence.text });
      return true;
    };
    for (const sentence of fresh) {
      const made = definitionQuestion(sentence.text, moduleText);
      // "A risk assessment" and "risk assessment" are one topic: ask about it once.
      if (made && !askedTopics.has(topicKey(made.topic))) {
        askedTopics.add(topicKey(made.topic));
        return add(sentence, made);
      }
    }
    for (const sentence of fresh) {
      const made = clozeQuestion(sentence.text);
      if (made) return add(sentence, { ...made, topic: lesson.title });
    }
    const statement = fresh.find((sentence) => canBeTrueOrFalse(sentence.text));
    if (statement) return add(statement, { ...trueOrFalseQuestion(statement.text), topic: lesson.title });
    if (!allowAnySentence) return false;
    // A short module: any sentence that is not an instruction will do.
    const position = lesson.sentences.findIndex((sentence) => countWords(sentence) >= 4 && canBeTrueOrFalse(sentence) && !used.has(normaliseForComparison(sentence)));
    if (position < 0) return false;
    return add({ text: lesson.sentences[position], position, score: 0 }, { ...trueOrFalseQuestion(lesson.sentences[position]), topic: lesson.title });
  };

  const order = lessonOrder(lessons.length);
  for (const allowAnySentence of [false, true]) {
    let progress = true;
    while (questions.length < (allowAnySentence ? MIN_QUESTIONS : MAX_QUESTIONS) && progress) {
      progress = false;
      for (const lessonIndex of order) {
        if (questions.length >= (allowAnySentence ? MIN_QUESTIONS : MAX_QUESTIONS)) break;
        progress = ask(lessonIndex, allowAnySentence) || progress;
      }
    }
  }
  if (questions.length === 0) return null;

  questions.sort((a, b) => a.lessonIndex - b.lessonIndex || a.position - b.position);
  const content = questions
    .map(
      (question, index) =>
        `${index + 1}. ${question.question}\n${wording.answerLabel} ${question.answer}\n${wording.explanationLabel} ${question.sentence}`,
    )
    .join('\n\n');
  const sources = new Map<string, LessonSourceRef>();
  for (const question of questions) {
    for (const source of lessons[question.lessonIndex].sources) sources.set(`${source.fileName}\u0000${source.section}`, source);
  }
  return {
    content,
    questionCount: questions.length,
    topics: [...new Set(questions.map((question) => question.topic))].slice(0, MAX_QUESTIONS),
    sources: [...sources.values()],
  };
}
