import type { ExtractedSkill, JobDescriptionSummary } from '@masar/contracts';

let sequence = 0;

export function buildSkill(name: string, overrides: Partial<ExtractedSkill> = {}): ExtractedSkill {
  return { name, category: 'technical', confidence: 0.9, ...overrides };
}

/** A job description as `GET /api/job-descriptions` lists it. */
export function buildJobDescription(overrides: Partial<JobDescriptionSummary> = {}): JobDescriptionSummary {
  sequence += 1;
  return {
    id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: 'Data Analyst',
    content: 'Analyse sales data, build dashboards and present findings to the leadership team every month.',
    extractedSkills: [buildSkill('SQL'), buildSkill('Power BI')],
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
