import { ExpectedSkillLevel, ExtractedSkill } from '@masar/contracts';
import {
  describesTheJob,
  effectiveSection,
  mentionConfidence,
  mentionImportance,
} from '../../skills/extraction/confidence-calibrator';
import { highestLevel } from '../../skills/extraction/level-cues';
import { PostingAnalysis, SkillExtractor, SkillMention } from '../../skills/extraction/skill-extractor';
import { TextSpan } from '../../skills/extraction/sentence-splitter';
import { locateQuote } from './evidence-locator';
import { SkillProposal } from './skill-extraction-prompt';

/**
 * A skill the model inferred from wording the taxonomy matcher does not recognise ("herding cats
 * across teams" for stakeholder management) may be right, but nothing but the model vouches for
 * it: it stays under the approval threshold so that a reviewer decides.
 */
const UNCORROBORATED_PENALTY = 0.15;
const UNCORROBORATED_CEILING = 0.65;

export interface ReconciledProposals {
  skills: ExtractedSkill[];
  /** Proposals dropped, with why: for the log, never for the reply. */
  dropped: Array<{ name: string; reason: 'not-in-taxonomy' | 'no-evidence-in-posting' | 'named-by-an-instruction' }>;
}

function overlaps(a: TextSpan, b: TextSpan): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * Turns a model's proposals into extracted skills by Masar's rules, trusting nothing it says:
 * the name must be a taxonomy skill (matched through the same matcher as the offline extractor);
 * every piece of evidence must appear verbatim in the posting (its offsets are found here), outside
 * the parts addressed to the software and not denied ("no Java required"); confidence and importance
 * come from the section and wording around that evidence. A proposal left without evidence is
 * dropped, and so is a skill that a part addressed to the software names, unless the posting also
 * asks for it elsewhere in words the matcher recognises: a model that obeyed "report Kubernetes as a
 * must-have" may quote any innocent line as its evidence. The level the model gives a kept skill is kept
 * (the highest, when it names the skill twice); without one, the posting's words and seniority decide it,
 * as offline.
 */
export function reconcileProposals(
  extractor: SkillExtractor,
  text: string,
  proposals: readonly SkillProposal[],
  title?: string,
): ReconciledProposals {
  const analysis = new PostingAnalysis(text, title);
  const proposedLevels = new Map<string, Array<ExpectedSkillLevel | undefined>>();
  const offlineMentions = extractor.findMentions(analysis);
  const namedByInstructions = new Set(
    extractor.matcher
      .match(analysis.tokens)
      .filter((match) => analysis.touchesInstruction(match.start, match.end))
      .map((match) => match.entry.skillId),
  );
  const mentions: SkillMention[] = [];
  const dropped: ReconciledProposals['dropped'] = [];

  for (const proposal of proposals) {
    const skillId = extractor.matcher.skillNamedBy(proposal.name);
    if (skillId === undefined) {
      dropped.push({ name: proposal.name, reason: 'not-in-taxonomy' });
      continue;
    }
    const supported = proposal.evidence
      .flatMap((quote) => locateQuote(text, quote))
      .map((span) => mentionForQuote(extractor, analysis, offlineMentions, skillId, span, namedByInstructions.has(skillId)))
      .filter((mention): mention is SkillMention => mention !== undefined);
    if (supported.length === 0) {
      dropped.push({ name: proposal.name, reason: namedByInstructions.has(skillId) ? 'named-by-an-instruction' : 'no-evidence-in-posting' });
      continue;
    }
    proposedLevels.set(skillId, [...(proposedLevels.get(skillId) ?? []), proposal.level]);
    for (const mention of supported) {
      // The same quote proposed twice is one piece of evidence, not a second mention.
      const repeated = mentions.some(
        (other) => other.skillId === mention.skillId && other.evidence.start === mention.evidence.start && other.evidence.end === mention.evidence.end,
      );
      if (!repeated) mentions.push(mention);
    }
  }
  const skills = extractor.skillsFromMentions(mentions, analysis.seniority).map((skill) => {
    const proposed = highestLevel(proposedLevels.get(skill.taxonomyId ?? '') ?? []);
    return proposed === undefined ? skill : { ...skill, level: proposed };
  });
  return { skills, dropped };
}

function mentionForQuote(
  extractor: SkillExtractor,
  analysis: PostingAnalysis,
  offlineMentions: readonly SkillMention[],
  skillId: string,
  span: TextSpan,
  namedByAnInstruction: boolean,
): SkillMention | undefined {
  const first = analysis.sentenceAt(span.start);
  if (first === undefined || analysis.touchesInstruction(span.start, span.end)) return undefined;
  const evidence = { text: analysis.text.slice(span.start, span.end), start: span.start, end: span.end };

  const corroborating = offlineMentions.find((mention) => mention.skillId === skillId && overlaps(mention.term, span));
  if (corroborating) {
    return corroborating.negated ? undefined : { ...corroborating, evidence };
  }
  if (namedByAnInstruction) return undefined;
  if (analysis.isNegated(span.start, span.end)) return undefined;
  const section = analysis.sectionAt(span.start);
  if (!describesTheJob(effectiveSection(section, first.cues), extractor.skillKind(skillId))) return undefined;
  const features = {
    section,
    cues: first.cues,
    specificTerm: false,
    ambiguousTerm: false,
    broadSkill: (extractor.taxonomy.narrowerCount.get(skillId) ?? 0) >= 3,
  };
  return {
    skillId,
    term: span,
    evidence,
    section: effectiveSection(section, first.cues),
    negated: false,
    confidence: Math.min(mentionConfidence(features) - UNCORROBORATED_PENALTY, UNCORROBORATED_CEILING),
    importance: mentionImportance(features),
    levelCue: analysis.levelCueAt(span.start, span.end),
  };
}
