import { Language } from '@masar/contracts';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { keySetOf, meaningfulWordsOf, occursIn } from '../../search/matching-words';
import { QueryExpander } from '../../search/query-expander';
import { countWords, pointKey, sentencesOf } from './source-text';
import { notCoveredAnswer, SearchAnswer, SearchAnswerer, SearchAnswerRequest } from '../search-answerer';

/**
 * Answers kept by their request: the same query over the same passages (a popular search while the
 * library is unchanged) is answered without reading the passages again. Each is a few KB.
 */
const KEPT_ANSWERS = 500;

/** Sentences quoted in an answer (fewer only when fewer match), and key insights given. */
const MIN_QUOTED = 2;
const USUAL_QUOTED = 3;
const MAX_QUOTED = 4;
const MAX_INSIGHTS = 4;
/** Insights come from the best passages only. */
const INSIGHT_PASSAGES = 3;
/** A sentence scoring below this share of the best one adds little to the answer. */
const RELATIVE_FLOOR = 0.3;
/** A sentence naming a skill the query names counts as much as this many rare words. */
const SKILL_WEIGHT = 2.5;

const ANSWER_FRAMING: Readonly<Record<Language, (query: string) => string>> = {
  en: (query) => `Here is what your library says about "${query}":`,
  ar: (query) => `إليك ما تقوله مكتبتك عن «${query}»:`,
};

/** A sentence of a passage, as the answer may quote it. */
export interface PassageSentence {
  /** The passage's citation number. */
  n: number;
  /** The passage's place among the passages given (0 = the best). */
  rank: number;
  position: number;
  text: string;
  words: number;
  keys: Set<string>;
}

/** A list marker or heading mark in front of a line is layout, not part of the sentence. */
export function withoutLineMarker(sentence: string): string {
  return sentence.replace(/^(?:[-*•>]+|#{1,6}|\d{1,2}[.)])\s+/u, '').trim();
}

/** The sentences of the passages that can be quoted (not headings, not a few words, never text addressed to software). */
export function passageSentences(passages: ReadonlyArray<{ n: number; text: string }>): PassageSentence[] {
  return passages.flatMap((passage, rank) =>
    sentencesOf(passage.text)
      .map(withoutLineMarker)
      .map((text, position) => ({ n: passage.n, rank, position, text, words: countWords(text), keys: keySetOf(text) }))
      .filter((sentence) => sentence.words >= 3 && sentence.words <= 60 && !/[:：]$/.test(sentence.text)),
  );
}

/** A quoted sentence followed by its citation: "… rows [2]." (end punctuation after the citation). */
export function cited(sentence: string, n: number): string {
  const end = /[.!?؟…]$/.exec(sentence)?.[0];
  return end === undefined ? `${sentence} [${n}].` : `${sentence.slice(0, -1)} [${n}]${end}`;
}

/** Non-overlapping picks, best first: one per passage while there are some, then any, each different. */
function pick<T extends { n: number; text: string }>(ranked: readonly T[], max: number, min: number): T[] {
  const chosen: T[] = [];
  const keys = new Set<string>();
  const take = (item: T) => {
    const key = pointKey(item.text);
    if (keys.has(key)) return;
    keys.add(key);
    chosen.push(item);
  };
  const passages = new Set<number>();
  for (const item of ranked) {
    if (chosen.length === max) break;
    if (passages.has(item.n)) continue;
    passages.add(item.n);
    take(item);
  }
  for (const item of ranked) {
    if (chosen.length >= min) break;
    if (!chosen.includes(item)) take(item);
  }
  return chosen;
}

/**
 * The offline answer: sentences of the passages that best match the query (its words, and the
 * skills it names in any spelling or language, through the taxonomy), quoted as they are with the
 * citation of their passage, preferring different passages. Nothing is written but the framing:
 * no sentence shares a meaningful word or skill with the query → "not covered".
 */
export class OfflineSearchAnswerer implements SearchAnswerer {
  readonly name = 'offline' as const;

  private readonly kept = new LRUCache<string, SearchAnswer>({ max: KEPT_ANSWERS });

  constructor(private readonly expander: QueryExpander) {}

  async answer(request: SearchAnswerRequest): Promise<SearchAnswer> {
    const key = createHash('sha256')
      .update(JSON.stringify([request.query, request.language, request.passages.map((passage) => [passage.n, passage.text])]))
      .digest('base64');
    const kept = this.kept.get(key);
    if (kept) return kept;
    const answer = this.answerNow(request);
    this.kept.set(key, answer);
    return answer;
  }

  answerNow(request: SearchAnswerRequest): SearchAnswer {
    const queryWords = meaningfulWordsOf(request.query);
    const querySkills = new Set(this.expander.skillIdsNamedBy(request.query));
    const sentences = passageSentences(request.passages);
    if (sentences.length === 0 || (queryWords.length === 0 && querySkills.size === 0)) return notCoveredAnswer(request.language);

    // A query word found in few sentences says more about which sentence answers than one found everywhere.
    const weights = queryWords.map(({ keys }) => {
      const found = sentences.filter((sentence) => occursIn(keys, sentence.keys)).length;
      return found === 0 ? 0 : 1 + Math.log(sentences.length / found);
    });
    const passageCount = request.passages.length;
    const scored = sentences
      .map((sentence) => {
        let score = 0;
        let matched = 0;
        queryWords.forEach(({ keys }, index) => {
          if (!occursIn(keys, sentence.keys)) return;
          score += weights[index];
          matched++;
        });
        const skills = querySkills.size === 0 ? 0 : this.expander.skillIdsMentionedIn(sentence.text).filter((id) => querySkills.has(id)).length;
        score += skills * SKILL_WEIGHT;
        // Words of the query together beat one of them; very short or long sentences say less; better passages first.
        const coverage = queryWords.length === 0 ? 1 : 0.5 + matched / queryWords.length;
        const length = Math.min(1, sentence.words / 8) * Math.min(1, 40 / sentence.words);
        const rank = 1 + (0.15 * (passageCount - sentence.rank)) / passageCount;
        return { ...sentence, score: matched + skills === 0 ? 0 : score * coverage * length * rank };
      })
      .filter((sentence) => sentence.score > 0)
      .sort((a, b) => b.score - a.score || a.rank - b.rank || a.position - b.position);
    if (scored.length === 0) return notCoveredAnswer(request.language);

    const floor = scored[0].score * RELATIVE_FLOOR;
    const quoted = pick(
      scored.filter((sentence) => sentence.score >= floor),
      MAX_QUOTED,
      USUAL_QUOTED,
    );
    const answer = [ANSWER_FRAMING[request.language](request.query), ...quoted.map((sentence) => cited(sentence.text, sentence.n))].join(' ');
    return {
      answer,
      keyInsights: keyInsightsOf(sentences, new Set(quoted.map((sentence) => pointKey(sentence.text))), keySetOf(request.query)),
      citations: [...new Set(quoted.map((sentence) => sentence.n))],
      covered: true,
    };
  }
}

/**
 * Key insights: sentences of the best passages that carry their topic (words recurring across
 * them), short ones (key points) preferred, the query's words counting extra, the answer's own
 * sentences left out. One per passage first.
 */
export function keyInsightsOf(sentences: readonly PassageSentence[], answered: ReadonlySet<string>, queryKeys: ReadonlySet<string>): string[] {
  const top = sentences.filter((sentence) => sentence.rank < INSIGHT_PASSAGES);
  const recurrence = new Map<string, number>();
  for (const sentence of top) for (const key of sentence.keys) recurrence.set(key, (recurrence.get(key) ?? 0) + 1);
  const ranked = top
    .filter((sentence) => sentence.words <= 30 && !/[?؟]$/.test(sentence.text) && !answered.has(pointKey(sentence.text)))
    .map((sentence) => {
      let score = 0;
      for (const key of sentence.keys) score += (recurrence.get(key) ?? 1) > 1 ? 1 : 0.25;
      for (const key of queryKeys) if (sentence.keys.has(key)) score += 1.5;
      return { ...sentence, score: score / Math.sqrt(sentence.words) };
    })
    .filter((sentence) => sentence.score > 0)
    .sort((a, b) => b.score - a.score || a.rank - b.rank || a.position - b.position);
  return pick(ranked, MAX_INSIGHTS, Math.min(MIN_QUOTED, ranked.length)).map((sentence) => sentence.text);
}
