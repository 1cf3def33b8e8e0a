import { SKILL_APPROVAL_THRESHOLD } from '@masar/contracts';
import { describesTheJob, MentionFeatures, mentionConfidence, mentionImportance, skillConfidence, skillImportance } from './confidence-calibrator';
import { SectionKind } from './section-detector';
import { SentenceCues } from './sentence-cues';

const NO_CUES: SentenceCues = { niceToHave: false, asksForSkill: false, describesEmployer: false, describesBenefits: false };

function features(section: SectionKind, overrides: Partial<MentionFeatures> = {}, cues: Partial<SentenceCues> = {}): MentionFeatures {
  return { section, cues: { ...NO_CUES, ...cues }, specificTerm: true, ambiguousTerm: false, broadSkill: false, ...overrides };
}

describe('mentionConfidence', () => {
  it.each(['requirements', 'responsibilities', 'nice-to-have', 'untitled'] as const)(
    'puts a specific term the posting asks for (%s) above the approval threshold',
    (section) => {
      expect(mentionConfidence(features(section))).toBeGreaterThan(SKILL_APPROVAL_THRESHOLD);
    },
  );

  it.each(['company', 'benefits', 'other'] as const)('keeps a mention only in %s well under the threshold, however worded', (section) => {
    expect(mentionConfidence(features(section, {}, { asksForSkill: true }))).toBeLessThanOrEqual(0.5);
  });

  it('ranks requirements over responsibilities over the introduction', () => {
    const requirements = mentionConfidence(features('requirements'));
    const responsibilities = mentionConfidence(features('responsibilities'));
    const summary = mentionConfidence(features('summary'));
    expect(requirements).toBeGreaterThan(responsibilities);
    expect(responsibilities).toBeGreaterThan(summary);
    expect(summary).toBeLessThan(SKILL_APPROVAL_THRESHOLD);
  });

  it('raises a mention worded as a requirement ("experience with") and lowers an ambiguous short word', () => {
    const plain = mentionConfidence(features('untitled'));
    expect(mentionConfidence(features('untitled', {}, { asksForSkill: true }))).toBeGreaterThan(plain);
    expect(mentionConfidence(features('untitled', { specificTerm: false, ambiguousTerm: true }))).toBeLessThan(SKILL_APPROVAL_THRESHOLD);
  });

  it('treats a company sentence in a posting without headings as the company blurb', () => {
    expect(mentionConfidence(features('untitled', {}, { describesEmployer: true }))).toBeLessThanOrEqual(0.5);
  });
});

describe('mentionImportance', () => {
  it('reads required from requirements and nice-to-have from the section or the sentence', () => {
    expect(mentionImportance(features('requirements'))).toBe('required');
    expect(mentionImportance(features('nice-to-have'))).toBe('nice-to-have');
    expect(mentionImportance(features('requirements', {}, { niceToHave: true }))).toBe('nice-to-have');
    expect(mentionImportance(features('company'))).toBe('nice-to-have');
  });
});

describe('skillConfidence and skillImportance', () => {
  it('takes the best mention, a little higher when the skill recurs, within 0..1 and rounded', () => {
    expect(skillConfidence([{ confidence: 0.83, section: 'requirements' }])).toBe(0.83);
    expect(skillConfidence([{ confidence: 0.8, section: 'requirements' }, { confidence: 0.76, section: 'responsibilities' }])).toBe(0.83);
    expect(skillConfidence([{ confidence: 0.34, section: 'company' }, { confidence: 0.3, section: 'benefits' }])).toBe(0.34);
    expect(skillConfidence(Array.from({ length: 9 }, () => ({ confidence: 0.95, section: 'requirements' as const })))).toBeLessThanOrEqual(1);
  });

  it('is required when any mention is', () => {
    expect(skillImportance(['nice-to-have', 'required'])).toBe('required');
    expect(skillImportance(['nice-to-have'])).toBe('nice-to-have');
  });
});

describe('describesTheJob', () => {
  it('keeps from the company blurb only the named tools it runs on, not the fields it works in', () => {
    expect(describesTheJob('company', { category: 'technical', field: false })).toBe(true);
    expect(describesTheJob('company', { category: 'technical', field: true })).toBe(false);
    expect(describesTheJob('company', { category: 'behavioral', field: false })).toBe(false);
    expect(describesTheJob('benefits', { category: 'technical', field: false })).toBe(false);
    expect(describesTheJob('requirements', { category: 'technical', field: true })).toBe(true);
  });
});
