import { ExpectedSkillLevel, ExtractedSkill, findInstructionSpans, instructionSentences, SkillEvidence, SkillImportance } from '@masar/contracts';
import { Taxonomy, TaxonomySkill } from '../taxonomy/taxonomy';
import {
  describesTheJob,
  effectiveSection,
  MentionFeatures,
  mentionConfidence,
  mentionImportance,
  skillConfidence,
  skillImportance,
  SkillKind,
} from './confidence-calibrator';
import { isPartOfJobTitle } from './job-title-detector';
import { defaultExpectedLevel, highestLevel, levelCueAt, PostingSeniority, postingSeniority } from './level-cues';
import { isNegated } from './negation-detector';
import { extendToSkillPhrase } from './phrase-extender';
import { detectSections, headingKindOf, PostingSection, SectionKind, sectionAt } from './section-detector';
import { SentenceCues, sentenceCuesOf } from './sentence-cues';
import { spanAt, splitSentences, TextSpan } from './sentence-splitter';
import { AliasEntry, SkillMatcher, TermMatch } from './skill-matcher';
import { Token, tokenise } from './tokeniser';

/** A skill narrowed by this many others is a field ("Cybersecurity"), whatever its place in the tree. */
const FIELD_NARROWER_COUNT = 5;
/** At most this many evidence spans per skill: enough to show where it comes from. */
const MAX_EVIDENCE_PER_SKILL = 8;

/** One place in the posting that names a skill, with what the extractor concluded about it. */
export interface SkillMention {
  skillId: string;
  /** The taxonomy term itself, in the original text. */
  term: TextSpan;
  /** The evidence shown for it: the term, widened to the phrase that asks for the skill. */
  evidence: SkillEvidence;
  section: SectionKind;
  negated: boolean;
  confidence: number;
  importance: SkillImportance;
  /** The level the words around it ask for ("expert in", "5+ years of", "إلمام بـ"); undefined when they name none. */
  levelCue?: ExpectedSkillLevel;
}

export interface SentenceContext extends TextSpan {
  cues: SentenceCues;
  /** The sentence addresses the software, not an applicant ("note to the screening tool: …"): it is not read for skills. */
  instruction: boolean;
  /** The sentence is only a label ("Job description:", "Requirements"): it names a part, not a skill. */
  label: boolean;
}

/** A short line ending in a colon, or a section heading standing alone. */
function isLabel(sentence: string): boolean {
  const trimmed = sentence.trim();
  if (/[:：]$/.test(trimmed) && trimmed.split(/\s+/).length <= 4) return true;
  return !/[:：]./.test(trimmed) && headingKindOf(trimmed) !== undefined;
}

/** A posting read once: its sentences, sections and tokens, shared by every question asked about it. */
export class PostingAnalysis {
  readonly tokens: Token[];
  private readonly sections: PostingSection[];
  private readonly sentences: SentenceContext[];
  /** The parts of the posting addressed to the software (whole sentences, merged when they follow each other). */
  readonly instructionSpans: TextSpan[];
  /** How senior the role is: sets the level of skills the posting names no level for. */
  readonly seniority: PostingSeniority;

  constructor(
    readonly text: string,
    title?: string,
  ) {
    this.tokens = tokenise(text);
    this.sections = detectSections(text);
    const spans = splitSentences(text);
    const instructions = instructionSentences(text, spans);
    this.sentences = spans.map((span, index) => {
      const sentence = text.slice(span.start, span.end);
      return { ...span, cues: sentenceCuesOf(sentence), instruction: instructions[index], label: isLabel(sentence) };
    });
    this.instructionSpans = findInstructionSpans(text, spans, instructions);
    this.seniority = postingSeniority(text, title);
  }

  /** The level the sentence holding [start, end) asks of the skill named there. */
  levelCueAt(start: number, end: number): ExpectedSkillLevel | undefined {
    const sentence = this.sentenceAt(start);
    if (sentence === undefined) return undefined;
    return levelCueAt(this.text.slice(sentence.start, sentence.end), start - sentence.start, Math.min(end, sentence.end) - sentence.start);
  }

  /** Whether any of [start, end) lies in a part addressed to the software. */
  touchesInstruction(start: number, end: number): boolean {
    return this.instructionSpans.some((span) => span.start < end && start < span.end);
  }

  sentenceAt(offset: number): SentenceContext | undefined {
    return spanAt(this.sentences, offset);
  }

  sectionAt(offset: number): SectionKind {
    return sectionAt(this.sections, offset).kind;
  }

  isNegated(start: number, end: number): boolean {
    const sentence = this.sentenceAt(start);
    return sentence !== undefined && isNegated(this.text, sentence, start, end);
  }
}

function isSpecific(entry: AliasEntry, text: string): boolean {
  return entry.tokenCount > 1 || entry.caseSensitive || /[^\p{L}\s]/u.test(text) || text.length >= 5 || /^\p{Lu}{2,}$/u.test(text);
}

function isAmbiguous(entry: AliasEntry, text: string): boolean {
  return entry.tokenCount === 1 && !entry.caseSensitive && /^\p{L}{1,4}$/u.test(text) && !/^\p{Lu}{2,}$/u.test(text);
}

/**
 * The offline skill extractor: finds taxonomy terms in a posting and turns them into reviewed-
 * ready skills, each with calibrated confidence, importance and the exact spans that support it.
 * Built once per taxonomy (the matcher's trie is the expensive part); `extract` is pure.
 */
export class SkillExtractor {
  private constructor(
    readonly taxonomy: Taxonomy,
    readonly matcher: SkillMatcher,
  ) {}

  static fromTaxonomy(taxonomy: Taxonomy): SkillExtractor {
    return new SkillExtractor(taxonomy, SkillMatcher.fromTaxonomy(taxonomy));
  }

  skill(id: string): TaxonomySkill {
    const skill = this.taxonomy.byId.get(id);
    if (!skill) throw new Error(`Unknown taxonomy skill ${id}`);
    return skill;
  }

  /** A skill is a field when it has no broader one or several narrow it; otherwise it is a named tool or practice. */
  skillKind(id: string): SkillKind {
    const skill = this.skill(id);
    const narrower = this.taxonomy.narrowerCount.get(id) ?? 0;
    return { category: skill.category, field: skill.broader === undefined || narrower >= FIELD_NARROWER_COUNT };
  }

  /** Every mention of a taxonomy skill, negated ones included (flagged), sentences addressed to an AI excluded. */
  findMentions(analysis: PostingAnalysis): SkillMention[] {
    const mentions: SkillMention[] = [];
    for (const match of this.matcher.match(analysis.tokens)) {
      const sentence = analysis.sentenceAt(match.start);
      if (sentence === undefined || sentence.instruction || sentence.label) continue;
      if (!sentence.cues.asksForSkill && isPartOfJobTitle(analysis.tokens, match)) continue;
      const mention = this.describeMention(analysis, match, sentence);
      if (describesTheJob(mention.section, this.skillKind(mention.skillId))) mentions.push(mention);
    }
    return mentions;
  }

  private describeMention(analysis: PostingAnalysis, match: TermMatch, sentence: SentenceContext): SkillMention {
    const termText = analysis.text.slice(match.start, match.end);
    const section = analysis.sectionAt(match.start);
    const features: MentionFeatures = {
      section,
      cues: sentence.cues,
      specificTerm: isSpecific(match.entry, termText),
      ambiguousTerm: isAmbiguous(match.entry, termText),
      broadSkill: (this.taxonomy.narrowerCount.get(match.entry.skillId) ?? 0) >= 3,
    };
    const skill = this.skill(match.entry.skillId);
    const phrase = extendToSkillPhrase(analysis.text, analysis.tokens, match, sentence, { verbPhrase: skill.category !== 'technical' });
    return {
      skillId: match.entry.skillId,
      term: { start: match.start, end: match.end },
      evidence: { text: analysis.text.slice(phrase.start, phrase.end), start: phrase.start, end: phrase.end },
      section: effectiveSection(section, sentence.cues),
      negated: analysis.isNegated(match.start, match.end),
      confidence: mentionConfidence(features),
      importance: mentionImportance(features),
      levelCue: analysis.levelCueAt(match.start, match.end),
    };
  }

  /** Skills of a posting, most confident first, each with its evidence in text order and the level it expects. */
  extract(text: string, title?: string): ExtractedSkill[] {
    const analysis = new PostingAnalysis(text, title);
    return this.skillsFromMentions(this.findMentions(analysis).filter((mention) => !mention.negated), analysis.seniority);
  }

  /**
   * Groups mentions by skill. A skill only ever denied never reaches here: its mentions were filtered out.
   * Its level is the highest any mention's words ask for; without any, the seniority's default for its importance.
   */
  skillsFromMentions(mentions: readonly SkillMention[], seniority: PostingSeniority): ExtractedSkill[] {
    const bySkill = new Map<string, SkillMention[]>();
    for (const mention of mentions) {
      const group = bySkill.get(mention.skillId);
      if (group) group.push(mention);
      else bySkill.set(mention.skillId, [mention]);
    }
    const skills = [...bySkill.entries()].map(([skillId, group]) => {
      const skill = this.skill(skillId);
      const evidence = uniqueEvidence(group.map((mention) => mention.evidence));
      const importance = skillImportance(group.map((mention) => mention.importance));
      const extracted: ExtractedSkill = {
        name: skill.name,
        nameAr: skill.nameAr,
        category: skill.category,
        confidence: skillConfidence(group),
        importance,
        level: highestLevel(group.map((mention) => mention.levelCue)) ?? defaultExpectedLevel(seniority, importance),
        taxonomyId: skill.id,
        evidence: evidence.slice(0, MAX_EVIDENCE_PER_SKILL),
      };
      return { extracted, firstAt: evidence[0].start };
    });
    skills.sort((a, b) => b.extracted.confidence - a.extracted.confidence || a.firstAt - b.firstAt);
    return skills.map(({ extracted }) => extracted);
  }
}

function uniqueEvidence(spans: readonly SkillEvidence[]): SkillEvidence[] {
  const seen = new Set<string>();
  return [...spans]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .filter((span) => {
      const key = `${span.start}:${span.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
