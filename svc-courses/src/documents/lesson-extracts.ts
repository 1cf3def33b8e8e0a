import { wordingFor } from './document-wording';
import type { LessonType } from '@masar/contracts';
import { contentWords, countWords, isMostlyArabic, normaliseForComparison, shortenAtWord } from './sentence-analysis';

/*
 * What a lesson takes from its own text: its key points (its most informative sentences) and its
 * activities (the instructions it gives the reader). Nothing here writes prose of its own.
 */

/** Longest key point; a longer sentence is only used when nothing shorter is left, and is shortened. */
const MAX_KEY_POINT_LENGTH = 200;
const MIN_KEY_POINTS = 3;
const MAX_KEY_POINTS = 5;
const MAX_ACTIVITIES = 5;

/** A section headed like this is something to do, not to read. */
const EXERCISE_HEADING = /\b(?:exercises?|practi[cs]e|labs?|activit(?:y|ies)|workshops?|hands-on|drills?|case stud(?:y|ies))\b|(?:تمرين|تمارين|تدريب عملي|تطبيق عملي|نشاط|أنشطة|ورشة|مختبر)/i;

export function lessonTypeOf(heading: string): LessonType {
  return EXERCISE_HEADING.test(heading) ? 'exercise' : 'reading';
}

/** Verbs an instruction to the learner starts with ("List five hazards…"). */
const ACTIVITY_VERBS = new Set(
  (
    'write list compare identify calculate discuss review practice practise describe explain draw sketch map walk inspect record ' +
    'complete prepare draft create observe choose rank rate classify match summarise summarize reflect interview estimate measure ' +
    'analyse analyze evaluate assess find name outline plan design try think consider look share present ask test check fill select ' +
    'sort locate spot label role-play brainstorm investigate research demonstrate perform conduct interpret solve'
  ).split(' '),
);
/** The same in Arabic imperatives, without diacritics and with one form of alef. */
const ARABIC_ACTIVITY_VERBS = new Set(
  'اكتب اذكر قارن حدد احسب ناقش راجع تدرب صف اشرح ارسم سجل لخص اختر رتب صنف فكر ابحث طبق قيم تامل اكمل املا تحقق لاحظ استخرج عدد وضح ضع تخيل جرب اقرا حلل استنتج ارفق اقترح'.split(' '),
);

function firstWordOf(sentence: string): string {
  return /^[\p{L}\p{M}-]+/u.exec(sentence.trim())?.[0] ?? '';
}

function normaliseArabicWord(word: string): string {
  return word.replace(/[\u064b-\u065f\u0670\u0640]/g, '').replace(/[أإآ]/g, 'ا');
}

/** An instruction to the reader: starts with a capitalised activity verb ("Compare…"), or an Arabic imperative. */
export function isActivitySentence(sentence: string): boolean {
  const first = firstWordOf(sentence);
  if (first.length === 0) return false;
  if (/[\u0600-\u06ff]/.test(first)) {
    const word = normaliseArabicWord(first);
    // "وأرفق" is "and attach": the conjunction is written onto the verb.
    return ARABIC_ACTIVITY_VERBS.has(word) || (/^[وف]/.test(word) && ARABIC_ACTIVITY_VERBS.has(word.slice(1)));
  }
  return /^\p{Lu}/u.test(first) && ACTIVITY_VERBS.has(first.toLowerCase()) && countWords(sentence) >= 3;
}

/** The one activity a lesson gets when its text gives the reader nothing to do, in the text's language. */
export function fallbackActivity(heading: string, sentences: string[] = []): string {
  return wordingFor(`${heading} ${sentences.join(' ')}`).summariseActivity(heading);
}

/** The instructions a section gives its reader (at most five), else the fallback activity. */
export function activitiesOf(sentences: string[], heading: string): string[] {
  const activities: string[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences) {
    const key = normaliseForComparison(sentence);
    if (!isActivitySentence(sentence) || seen.has(key)) continue;
    seen.add(key);
    activities.push(sentence);
    if (activities.length === MAX_ACTIVITIES) break;
  }
  return activities.length > 0 ? activities : [fallbackActivity(heading, sentences)];
}

/** How often each content word occurs across a module's text: what the module is about. */
export function wordFrequencies(texts: string[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const text of texts) {
    for (const word of contentWords(text)) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
  }
  return frequencies;
}

/** Phrases that state a definition, a rule or a fact. */
const STATEMENT = /\b(?:is|are|means|refers? to|defined as|consists? of|must|should|never|always|required)\b/i;
const ARABIC_STATEMENT = /(?:^|\s)(?:هو|هي|يعني|تعني|يقصد|يُقصد|يجب|ينبغي|لا بد|يعد|تعد|يُعد|تُعد|يشمل|تشمل)(?=\s|$)/;
/** A sentence starting like this leans on the one before it, and reads badly alone. */
const LEANS_ON_PREVIOUS = /^(?:this|these|that|those|it|its|they|their|such|he|she|here|there|also|however|but|and|so)\b/i;
const ARABIC_LEANS_ON_PREVIOUS = /^(?:هذا|هذه|ذلك|تلك|وهذا|وهذه|وذلك|لذلك|لكن|ولكن|كما|وهو|وهي|فهو|فهي)(?=\s|$)/;

export interface RankedSentence {
  text: string;
  /** Position in the lesson, to put chosen sentences back in reading order. */
  position: number;
  score: number;
}

/**
 * Sentences that can stand alone as a point: 5 to 45 words (4 in Arabic), not a question or a
 * lead-in, and (unless `allowInstructions`) not an instruction to the reader.
 */
function canStandAlone(sentence: string, allowInstructions: boolean): boolean {
  const words = countWords(sentence);
  const minimum = isMostlyArabic(sentence) ? 4 : 5;
  return words >= minimum && words <= 45 && !/[?؟:]$/.test(sentence) && (allowInstructions || !isActivitySentence(sentence));
}

/**
 * Ranks a lesson's sentences by how much they say about what the module is about: the module-wide
 * frequency of their content words, favouring sentences that define, state a rule or give a number,
 * and disfavouring those that lean on the sentence before.
 */
export function rankSentences(sentences: string[], frequencies: Map<string, number>, options: { allowInstructions?: boolean } = {}): RankedSentence[] {
  return sentences
    .map((text, position) => ({ text, position }))
    .filter(({ text }) => canStandAlone(text, options.allowInstructions ?? false))
    .map(({ text, position }) => {
      const words = [...new Set(contentWords(text))];
      let score = words.reduce((sum, word) => sum + (frequencies.get(word) ?? 0), 0) / Math.sqrt(Math.max(words.length, 1));
      if (STATEMENT.test(text) || ARABIC_STATEMENT.test(text)) score *= 1.5;
      if (/\p{N}/u.test(text)) score *= 1.25;
      if (LEANS_ON_PREVIOUS.test(text) || ARABIC_LEANS_ON_PREVIOUS.test(text)) score *= 0.6;
      if (position === 0) score *= 1.1;
      return { text, position, score };
    })
    .sort((a, b) => b.score - a.score || a.position - b.position);
}

function overlap(left: string, right: string): number {
  const a = new Set(contentWords(left));
  const b = new Set(contentWords(right));
  const shared = [...a].filter((word) => b.has(word)).length;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

/**
 * The lesson's key points: its 3 to 5 highest-ranked sentences (fewer when it has fewer), in reading
 * order, each the sentence as written; sentences over 200 characters only when nothing shorter is
 * left, shortened at a word.
 */
export function keyPointsOf(ranked: RankedSentence[]): string[] {
  const count = Math.min(ranked.length, Math.max(MIN_KEY_POINTS, Math.min(MAX_KEY_POINTS, Math.ceil(ranked.length / 3))));
  const short = ranked.filter((sentence) => sentence.text.length <= MAX_KEY_POINT_LENGTH);
  const long = ranked.filter((sentence) => sentence.text.length > MAX_KEY_POINT_LENGTH);
  const chosen: RankedSentence[] = [];
  for (const sentence of [...short, ...long]) {
    if (chosen.length === count) break;
    if (chosen.some((other) => overlap(other.text, sentence.text) > 0.7)) continue;
    chosen.push(sentence);
  }
  return chosen.sort((a, b) => a.position - b.position).map((sentence) => shortenAtWord(sentence.text, MAX_KEY_POINT_LENGTH));
}

/** A lesson's key points from its sentences; a lesson made only of instructions (an exercise) takes them from those. */
export function keyPointsOfSentences(sentences: string[], frequencies: Map<string, number>): string[] {
  const ranked = rankSentences(sentences, frequencies);
  return keyPointsOf(ranked.length > 0 ? ranked : rankSentences(sentences, frequencies, { allowInstructions: true }));
}
