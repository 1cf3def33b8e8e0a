import type { ExtractedSkill, JobDescription, SkillEvidence } from '@masar/contracts';

let sequence = 0;

export function buildSkill(name: string, overrides: Partial<ExtractedSkill> = {}): ExtractedSkill {
  return { name, category: 'technical', confidence: 0.9, evidence: [], ...overrides };
}

/** The evidence span of `phrase` in `content`, as the extractor reports it. */
export function evidenceOf(content: string, phrase: string, from = 0): SkillEvidence {
  const start = content.indexOf(phrase, from);
  if (start < 0) throw new Error(`"${phrase}" is not in the posting`);
  return { text: phrase, start, end: start + phrase.length };
}

/** A stored job description as the gateway returns it. */
export function buildJobDescription(overrides: Partial<JobDescription> = {}): JobDescription {
  sequence += 1;
  return {
    id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: 'Data Analyst',
    content: 'Analyse sales data, build dashboards and present findings to the leadership team every month.',
    source: { kind: 'text' },
    detectedLanguage: 'en',
    extractedSkills: [buildSkill('SQL'), buildSkill('Power BI')],
    reviewedSkills: null,
    createdBy: '00000000-0000-4000-8000-000000000001',
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
