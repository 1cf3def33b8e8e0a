import { SKILL_APPROVAL_THRESHOLD, type JobDescription } from '@masar/contracts';

export interface RecommendationSkills {
  skills: string[];
  /** `reviewed`: the approved and custom skills someone confirmed; `extracted`: the extractor's confident ones. */
  basis: 'reviewed' | 'extracted';
}

/**
 * The skills a job description's course recommendations are for: what a reviewer approved plus
 * the skills they typed in, or, before any review, the extracted skills above the approval
 * threshold (0.7), the same ones the review dialog would pre-approve.
 */
export function skillsForRecommendation(jobDescription: Pick<JobDescription, 'reviewedSkills' | 'extractedSkills'>): RecommendationSkills {
  const review = jobDescription.reviewedSkills;
  const chosen = review
    ? [...review.approved, ...review.custom]
    : jobDescription.extractedSkills.filter((skill) => skill.confidence > SKILL_APPROVAL_THRESHOLD);
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const { name } of chosen) {
    const key = name.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      skills.push(name);
    }
  }
  return { skills, basis: review ? 'reviewed' : 'extracted' };
}
