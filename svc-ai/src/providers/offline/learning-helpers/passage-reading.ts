import { Language } from '@masar/contracts';
import { isMeaningfulWord, keySetOf, wordKeysOf } from '../../../search/matching-words';
import { QueryExpander } from '../../../search/query-expander';
import { TaxonomySkill } from '../../../skills/taxonomy/taxonomy';
import { LearningHelperRequest } from '../../learning-helper';
import { withoutLineMarker } from '../offline-search-answerer';
import { distinctPoints, informativeSentences, sentencesOf, WORD } from '../source-text';

/** Salient terms named besides the taxonomy's skills. */
const MAX_TERMS = 5;
const MAX_CONCEPTS = 7;

/** A concept of the passage: a taxonomy skill it is about, or a term it keeps returning to. */
export interface Concept {
  label: string;
  kind: 'skill' | 'term';
  skill?: TaxonomySkill;
  /** Keys of its words, to find it in sentences and key points. */
  keys: Set<string>;
  /** The passage's first sentence that names it. */
  evidence?: string;
}

/** One key per word: the shortest reading (an Arabic word without its article and particles). */
function canonicalKey(word: string): string {
  return wordKeysOf(word).reduce((shortest, key) => (key.length < shortest.length ? key : shortest));
}

/** The label of a skill in the answer's language. */
export function skillLabel(skill: TaxonomySkill, language: Language): string {
  return language === 'ar' ? skill.nameAr : skill.name;
}

/** The passage read once for every helper: its sentences, key sentences, key points and concepts. */
export class PassageReading {
  readonly sentences: string[];
  /** The passage's own key points, or, when it has none, its most informative short sentences. */
  readonly keyPoints: string[];
  readonly activities: string[];
  readonly concepts: Concept[];

  constructor(
    readonly request: LearningHelperRequest,
    readonly expander: QueryExpander,
  ) {
    const { passage } = request;
    this.sentences = sentencesOf(passage.text).map(withoutLineMarker).filter((sentence) => sentence.length > 0);
    const ownPoints = distinctPoints(passage.keyPoints, 12);
    this.keyPoints = ownPoints.length > 0 ? ownPoints : distinctPoints(informativeSentences([passage.text], 5, this.focus), 5);
    this.activities = distinctPoints(passage.activities, 8);
    this.concepts = this.readConcepts();
  }

  /** What the learner is after: their query and the lesson's title. */
  get focus(): string {
    return `${this.request.query} ${this.request.passage.lessonTitle}`;
  }

  get language(): Language {
    return this.request.language;
  }

  /** The `count` sentences that carry most of the passage's topic and the query, in passage order. */
  keySentences(count: number): string[] {
    return informativeSentences([this.request.passage.text], count, this.focus).map(withoutLineMarker);
  }

  /** The first of `texts` that names the concept. */
  firstNaming(concept: Concept, texts: readonly string[]): string | undefined {
    return texts.find((text) => [...concept.keys].some((key) => keySetOf(text).has(key)));
  }

  /** Skills broader than the concepts' skills, and narrower ones, not themselves concepts. */
  neighbours(): { broader: TaxonomySkill[]; narrower: TaxonomySkill[] } {
    const own = new Set(this.concepts.flatMap((concept) => (concept.skill ? [concept.skill.id] : [])));
    const broader = new Map<string, TaxonomySkill>();
    const narrower = new Map<string, TaxonomySkill>();
    for (const concept of this.concepts) {
      if (!concept.skill) continue;
      const up = concept.skill.broader;
      if (up !== undefined && !own.has(up)) broader.set(up, this.expander.skill(up));
      for (const id of this.expander.narrowerOf(concept.skill.id)) if (!own.has(id)) narrower.set(id, this.expander.skill(id));
    }
    return { broader: [...broader.values()], narrower: [...narrower.values()].slice(0, 8) };
  }

  private readConcepts(): Concept[] {
    const { passage } = this.request;
    const text = `${passage.lessonTitle}\n${passage.text}\n${passage.keyPoints.join('\n')}`;
    // The skills the passage itself names; the course's skills only when it names none (they may be other lessons' topics).
    const courseSkills = passage.skills.flatMap((name) => this.expander.skillIdsNamedBy(name).slice(0, 1));
    let ids = this.expander.skillIdsMentionedIn(text);
    if (courseSkills.length > 0) {
      // A word of the text can spell a skill of another field ("أشعة" in a safety lesson); the course's skills and their neighbours are its field.
      const field = new Set(courseSkills.flatMap((id) => [id, ...this.expander.narrowerOf(id), ...(this.expander.skill(id).broader ?? [])]));
      ids = ids.filter((id) => field.has(id));
      if (ids.length === 0) ids = courseSkills.slice(0, 3);
    }
    const concepts: Concept[] = [...new Set(ids)].map((id) => {
      const skill = this.expander.skill(id);
      const keys = new Set([skill.name, skill.nameAr, ...skill.aliases].flatMap((spelling) => [...keySetOf(spelling)]));
      return { label: skillLabel(skill, this.language), kind: 'skill' as const, skill, keys };
    });
    const covered = new Set(concepts.flatMap((concept) => [...concept.keys]));
    for (const term of salientTerms(passage.text, covered)) concepts.push({ label: term.label, kind: 'term', keys: term.keys });
    return concepts.slice(0, MAX_CONCEPTS).map((concept) => ({ ...concept, evidence: this.firstNaming(concept, this.sentences) }));
  }
}

/** An Arabic word as a label: without the conjunction or preposition attached before its article ("والمخاطرة" → "المخاطرة"). */
function arabicLabel(word: string): string {
  const particles = /^[وف]?[بلك]?(?=ال)/.exec(word)?.[0] ?? '';
  return word.length - particles.length >= 4 ? word.slice(particles.length) : word;
}

/**
 * Words and two-word phrases the passage keeps returning to (at least twice), most frequent first,
 * a phrase preferred to its words; none the skills already cover.
 */
export function salientTerms(text: string, covered: ReadonlySet<string>): Array<{ label: string; keys: Set<string> }> {
  const words = [...text.matchAll(WORD)].map((match) => ({ word: match[0], at: match.index, meaningful: isMeaningfulWord(match[0]) }));
  const counts = new Map<string, { label: string; count: number; keys: string[] }>();
  const count = (key: string, label: string, keys: string[]) => {
    const entry = counts.get(key) ?? { label, count: 0, keys };
    entry.count++;
    counts.set(key, entry);
  };
  words.forEach((entry, index) => {
    if (!entry.meaningful || /^\d+$/.test(entry.word)) return;
    const key = canonicalKey(entry.word);
    if (covered.has(key)) return;
    count(key, arabicLabel(entry.word), [key]);
    const next = words[index + 1];
    const gap = next === undefined ? '' : text.slice(entry.at + entry.word.length, next.at);
    if (next !== undefined && next.meaningful && /^ $/.test(gap) && !covered.has(canonicalKey(next.word))) {
      count(`${key} ${canonicalKey(next.word)}`, `${arabicLabel(entry.word)} ${next.word}`, [key, canonicalKey(next.word)]);
    }
  });
  const ranked = [...counts.values()]
    .filter((entry) => entry.count >= 2)
    .map((entry) => ({ ...entry, score: entry.count * (entry.keys.length > 1 ? 1.6 : 1) }))
    .sort((a, b) => b.score - a.score);
  const chosen: Array<{ label: string; keys: Set<string> }> = [];
  const used = new Set<string>();
  for (const entry of ranked) {
    if (chosen.length === MAX_TERMS) break;
    if (entry.keys.some((key) => used.has(key))) continue;
    entry.keys.forEach((key) => used.add(key));
    chosen.push({ label: entry.label, keys: new Set(entry.keys) });
  }
  return chosen;
}
