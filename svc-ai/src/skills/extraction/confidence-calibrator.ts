import { SkillCategory, SkillImportance } from '@masar/contracts';
import { SectionKind } from './section-detector';
import { SentenceCues } from './sentence-cues';

/** What is known about one mention of a skill, from which its confidence follows. */
export interface MentionFeatures {
  section: SectionKind;
  cues: SentenceCues;
  /** The alias is specific: several words, a symbol or digit ("CI/CD", "K8s"), a case-sensitive spelling, or a long word. */
  specificTerm: boolean;
  /** The alias is one short, ordinary word ("SQL" is not: it is case-sensitive or upper case; "lean" is). */
  ambiguousTerm: boolean;
  /** The skill is a generic one many others narrow ("Software Development"). */
  broadSkill: boolean;
}

/**
 * Confidence is calibrated so that above 0.7 (`SKILL_APPROVAL_THRESHOLD`) means "a reviewer
 * should keep it". The section decides most: a skill the posting asks for (requirements,
 * responsibilities, a plain posting without headings, even a nice-to-have) starts above the
 * threshold; one only in the title area or introduction starts just under it; one in the company
 * blurb, benefits or application details stays well under, however it is worded.
 */
const SECTION_BASE: Readonly<Record<SectionKind, number>> = {
  requirements: 0.8,
  responsibilities: 0.76,
  'nice-to-have': 0.74,
  untitled: 0.72,
  summary: 0.6,
  other: 0.38,
  company: 0.34,
  benefits: 0.3,
};
const NOT_ASKED_CEILING = 0.5;
const ASKING_SECTIONS: ReadonlySet<SectionKind> = new Set(['requirements', 'responsibilities', 'nice-to-have', 'untitled', 'summary']);

/** The section a mention effectively sits in, once its own sentence is taken into account. */
export function effectiveSection(section: SectionKind, cues: SentenceCues): SectionKind {
  if (section === 'untitled' || section === 'summary') {
    if (cues.describesBenefits) return 'benefits';
    if (cues.describesEmployer && !cues.asksForSkill) return 'company';
  }
  if (cues.niceToHave && (section === 'requirements' || section === 'responsibilities' || section === 'untitled')) {
    return 'nice-to-have';
  }
  return section;
}

/** What kind of skill a mention names, as far as deciding whether it describes the job. */
export interface SkillKind {
  category: SkillCategory;
  /** A field many skills narrow, or one narrowing nothing ("Cloud Computing", "Cybersecurity"), not a named tool. */
  field: boolean;
}

/**
 * Whether a mention says anything about the job. Benefits describe what the employer gives
 * ("health insurance", "flexible working hours"), never what it asks. The company blurb
 * describes the employer's business and culture ("a leading payments company", "ambitious",
 * "an AI company"), not the candidate: only the named tools it runs on ("we run on PostgreSQL")
 * say something about the work, and those are kept, under the approval threshold.
 */
export function describesTheJob(section: SectionKind, skill: SkillKind): boolean {
  if (section === 'benefits') return false;
  return section !== 'company' || (skill.category === 'technical' && !skill.field);
}

export function mentionConfidence(features: MentionFeatures): number {
  const section = effectiveSection(features.section, features.cues);
  let confidence = SECTION_BASE[section];
  if (features.cues.asksForSkill) confidence += 0.06;
  if (features.specificTerm) confidence += 0.03;
  if (features.ambiguousTerm) confidence -= 0.12;
  if (features.broadSkill && !features.specificTerm) confidence -= 0.05;
  if (!ASKING_SECTIONS.has(section)) confidence = Math.min(confidence, NOT_ASKED_CEILING);
  return confidence;
}

/** A skill the posting asks for outright, or one it lists as a plus (or merely mentions). */
export function mentionImportance(features: Pick<MentionFeatures, 'section' | 'cues'>): SkillImportance {
  const section = effectiveSection(features.section, features.cues);
  return section === 'requirements' || section === 'responsibilities' || section === 'untitled' || section === 'summary'
    ? 'required'
    : 'nice-to-have';
}

/** One skill's confidence from all its mentions: the best one, a little higher when it recurs where skills are asked for. */
export function skillConfidence(mentions: ReadonlyArray<{ confidence: number; section: SectionKind }>): number {
  const sorted = [...mentions].sort((a, b) => b.confidence - a.confidence);
  const repeats = sorted.slice(1).filter((mention) => ASKING_SECTIONS.has(mention.section)).length;
  const confidence = sorted[0].confidence + 0.03 * Math.min(repeats, 2);
  return Math.round(Math.min(0.97, Math.max(0.05, confidence)) * 100) / 100;
}

export function skillImportance(importances: readonly SkillImportance[]): SkillImportance {
  return importances.includes('required') ? 'required' : 'nice-to-have';
}
