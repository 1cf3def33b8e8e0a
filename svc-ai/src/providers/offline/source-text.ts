import { isInstructionToModel, normaliseArabicLetters } from '@masar/contracts';
import { splitSentences } from '../../skills/extraction/sentence-splitter';

/*
 * Reading lesson material without a model: paragraphs, whole-sentence passages, the sentences that
 * carry the most of a text's topic. Nothing here writes new prose; it only selects from the source.
 */

const ENGLISH_STOPWORDS = new Set(
  (
    'a about above after again against all also an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each either else even every few for from further had has have having he her here hers ' +
    'him his how however i if in into is it its itself just least less like may me might more most much must my no nor not now of ' +
    'off on once one only or other our ours out over own per rather same she should since so some such than that the their theirs ' +
    'them then there these they this those through thus to too under until up upon us use used uses using very was we were what ' +
    'when where whether which while who whom whose why will with within without would yet you your yours'
  ).split(' '),
);
const ARABIC_STOPWORDS = new Set(
  (
    'في من على الى إلى عن مع هذا هذه ذلك تلك التي الذي الذين هو هي هم ان إن أن او أو ثم قد لا ما لم لن كل بعض عند بين كان كانت ' +
    'يكون تكون ايضا أيضا حيث كما اذا إذا لكن بل غير حتى منذ خلال عبر نحو لدى اي أي'
  )
    .split(' ')
    // Compared as wordKey leaves them: letter variants folded ("إلى" is looked up as "الي").
    .flatMap((word) => [word, normaliseArabicLetters(word)]),
);

/** A word, with what technical terms carry inside it: "Node.js", "C++", "C#", "e-mail", "don't". */
export const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’+#-]|\.(?=[\p{L}\p{N}]))*/gu;
const ARABIC = /[\u0600-\u06FF]/;

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/** A word as compared: lower case, Arabic letter variants folded. */
export function wordKey(word: string): string {
  const lower = word.toLowerCase().replace(/[’']s$/, '');
  return ARABIC.test(lower) ? normaliseArabicLetters(lower) : lower;
}

export function isStopword(key: string): boolean {
  return ENGLISH_STOPWORDS.has(key) || ARABIC_STOPWORDS.has(key);
}

/** The words that carry meaning (no stopwords, nothing shorter than 3 letters), as keys. */
export function contentWordsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map(wordKey).filter((key) => key.length >= 3 && !isStopword(key));
}

/** Sentences of a text as strings, sentences addressed to an AI left out: they are never lesson material. */
export function sentencesOf(text: string): string[] {
  return splitSentences(text)
    .map(({ start, end }) => text.slice(start, end))
    .filter((sentence) => !isInstructionToModel(sentence));
}

/** Paragraphs (blank-line separated), each without the sentences addressed to an AI. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map(withoutInstructions)
    .filter((paragraph) => paragraph.length > 0);
}

function withoutInstructions(paragraph: string): string {
  const spans = splitSentences(paragraph);
  if (!spans.some(({ start, end }) => isInstructionToModel(paragraph.slice(start, end)))) return paragraph.trim();
  let kept = '';
  let from = 0;
  for (const { start, end } of spans) {
    if (isInstructionToModel(paragraph.slice(start, end))) {
      kept += paragraph.slice(from, start);
      from = end;
    }
  }
  kept += paragraph.slice(from);
  return kept
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +\n/g, '\n')
    .trim();
}

export interface Passage {
  text: string;
  words: number;
}

/**
 * As much of the paragraphs as fits in `maxWords`, in whole paragraphs; when that stays under
 * `minWords`, the next paragraph's leading whole sentences are added. A first paragraph longer
 * than the limit gives its leading whole sentences (or, for one endless sentence, its first words).
 */
export function passageOf(paragraphs: readonly string[], maxWords: number, minWords = 0): Passage {
  const kept: string[] = [];
  let words = 0;
  let index = 0;
  for (; index < paragraphs.length; index++) {
    const size = countWords(paragraphs[index]);
    if (words + size > maxWords) break;
    kept.push(paragraphs[index]);
    words += size;
  }
  if (index < paragraphs.length && (kept.length === 0 || words < minWords)) {
    const sentences: string[] = [];
    for (const sentence of sentencesOf(paragraphs[index])) {
      const size = countWords(sentence);
      if (words + size > maxWords) break;
      sentences.push(sentence);
      words += size;
    }
    if (sentences.length > 0) {
      kept.push(sentences.join(' '));
    } else if (kept.length === 0) {
      const cut = paragraphs[index].split(/\s+/).slice(0, maxWords);
      kept.push(`${cut.join(' ')}…`);
      words = cut.length;
    }
  }
  return { text: kept.join('\n\n'), words };
}

/** Share of the smaller text's content words that the other text also has (0 to 1). */
export function overlapOf(a: string, b: string): number {
  const first = new Set(contentWordsOf(a));
  const second = new Set(contentWordsOf(b));
  const smaller = first.size <= second.size ? first : second;
  const larger = smaller === first ? second : first;
  if (smaller.size === 0) return 0;
  let shared = 0;
  for (const word of smaller) if (larger.has(word)) shared++;
  return shared / smaller.size;
}

/**
 * The `count` sentences that carry most of the texts' topic: content words that recur across the
 * texts, and words of the lesson's title, weigh most; very short or very long sentences and
 * questions are passed over. They come back in the order they appear.
 */
export function informativeSentences(texts: readonly string[], count: number, focus: string): string[] {
  const sentences = texts.flatMap((text) => sentencesOf(text));
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of new Set(contentWordsOf(sentence))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const focusWords = new Set(contentWordsOf(focus));
  const seen = new Set<string>();
  const scored = sentences
    .map((sentence, position) => {
      const size = countWords(sentence);
      const key = sentence.toLowerCase().replace(/\s+/g, ' ');
      if (size < 6 || size > 45 || /[?؟]$/.test(sentence) || /[:：]$/.test(sentence) || seen.has(key)) {
        return { sentence, position, score: -1 };
      }
      seen.add(key);
      let score = 0;
      for (const word of new Set(contentWordsOf(sentence))) {
        const recurrence = frequency.get(word) ?? 1;
        score += (recurrence > 1 ? 1 + Math.log(recurrence) : 0.5) + (focusWords.has(word) ? 2 : 0);
      }
      return { sentence, position, score: score / Math.sqrt(size) };
    })
    .filter(({ score }) => score > 0);
  return scored
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, count)
    .sort((a, b) => a.position - b.position)
    .map(({ sentence }) => sentence);
}

/** The same point worded with other capitals, spacing or end punctuation is one point. */
export function pointKey(point: string): string {
  return normaliseArabicLetters(point.toLowerCase())
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();
}

/** Non-blank entries, each once (by `pointKey`), at most `max`. */
export function distinctPoints(points: Iterable<string>, max: number): string[] {
  const seen = new Set<string>();
  const distinct: string[] = [];
  for (const point of points) {
    const text = point.trim();
    const key = pointKey(text);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    distinct.push(text);
    if (distinct.length === max) break;
  }
  return distinct;
}
