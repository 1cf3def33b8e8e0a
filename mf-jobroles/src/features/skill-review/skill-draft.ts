import type { ConfirmedSkillsHandoff, ExtractedSkill, JobDescriptionSummary } from '@masar/contracts';

/** Skills waiting for review: from a stored posting, or the built-in sample skills of a role. */
export interface SkillDraft {
  jobTitle: string;
  /** The extracted skills the review starts from. */
  skills: ExtractedSkill[];
  /** The stored posting the review is saved against; null for sample skills (nothing to save). */
  jobDescription: JobDescriptionSummary | null;
}

/** What a confirmed review hands on (the learning-path call's body); the shell gets the same type. */
export type { ConfirmedSkillsHandoff };

export type OnSkillsConfirmed = (handoff: ConfirmedSkillsHandoff) => Promise<void> | void;

/** What the review modal reports: the hand-off plus the posting as saved (null for sample skills). */
export type OnReviewConfirmed = (handoff: ConfirmedSkillsHandoff, saved: JobDescriptionSummary | null) => Promise<void> | void;

export function draftFromJobDescription(jobDescription: JobDescriptionSummary): SkillDraft {
  return { jobTitle: jobDescription.title, skills: jobDescription.extractedSkills, jobDescription };
}

/** The skills a saved review confirmed: the approved extracted ones, then the custom ones. */
export function confirmedSkillsOfSaved(jobDescription: JobDescriptionSummary): ExtractedSkill[] | null {
  const review = jobDescription.reviewedSkills;
  return review ? [...review.approved, ...review.custom] : null;
}
