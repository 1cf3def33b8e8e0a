import type { ExtractedSkill } from '@masar/contracts';

/** Spec section 9: a job card previews 150 characters and 4 skills. */
export const PREVIEW_LENGTH = 150;
export const SKILLS_SHOWN = 4;

export function previewOf(content: string, length = PREVIEW_LENGTH): string {
  const text = content.trim();
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

export function splitSkills(skills: ExtractedSkill[], shown = SKILLS_SHOWN): { shown: ExtractedSkill[]; hiddenCount: number } {
  return { shown: skills.slice(0, shown), hiddenCount: Math.max(0, skills.length - shown) };
}
