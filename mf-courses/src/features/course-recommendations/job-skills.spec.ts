import type { ExtractedSkill, JobDescription } from '@masar/contracts';
import { skillsForRecommendation } from './job-skills';

const skill = (name: string, confidence = 0.9): ExtractedSkill => ({ name, category: 'technical', confidence, evidence: [] });

function posting(overrides: Partial<JobDescription>): Pick<JobDescription, 'reviewedSkills' | 'extractedSkills'> {
  return { extractedSkills: [], reviewedSkills: null, ...overrides };
}

describe('skillsForRecommendation', () => {
  it('takes the approved and custom skills of a reviewed job description, not the others', () => {
    const result = skillsForRecommendation(
      posting({
        extractedSkills: [skill('SQL'), skill('Python'), skill('Tableau')],
        reviewedSkills: {
          approved: [skill('SQL')],
          notApproved: [skill('Python')],
          removed: [skill('Tableau')],
          custom: [skill('Negotiation', 1), skill('sql', 1)],
          reviewedBy: '00000000-0000-4000-8000-000000000001',
          reviewedAt: '2026-03-03T08:00:00.000Z',
        },
      }),
    );
    expect(result).toEqual({ skills: ['SQL', 'Negotiation'], basis: 'reviewed' });
  });

  it('takes only extracted skills above 0.7 before a review', () => {
    const result = skillsForRecommendation(posting({ extractedSkills: [skill('SQL', 0.93), skill('Excel', 0.7), skill('R', 0.4)] }));
    expect(result).toEqual({ skills: ['SQL'], basis: 'extracted' });
  });
});
