import {
  CUSTOM_SKILL_CONFIDENCE,
  SKILL_APPROVAL_THRESHOLD,
  customSkillInputSchema,
  TARGET_LEVEL_BY_IMPORTANCE,
  type ExpectedSkillLevel,
  type ExtractedSkill,
  type ReviewedSkillSet,
  type SaveReviewedSkillsInput,
  type SkillCategory,
} from '@masar/contracts';

/** One row of the Review Extracted Skills modal. */
export interface ReviewedSkill {
  skill: ExtractedSkill;
  /** `custom`: typed in by the reviewer (approved, confidence 1, no evidence). */
  origin: 'extracted' | 'custom';
  approved: boolean;
}

export interface SkillReviewState {
  skills: ReviewedSkill[];
  /** Extracted skills the reviewer took off the list; saved as removed. */
  removed: ExtractedSkill[];
}

export type SkillReviewAction =
  | { type: 'toggle'; name: string }
  | { type: 'remove'; name: string }
  | { type: 'set-level'; name: string; level: ExpectedSkillLevel }
  | { type: 'add-custom'; name: string; category: SkillCategory };

/** Longest custom skill name the server accepts. */
export const CUSTOM_SKILL_NAME_MAX_LENGTH = customSkillInputSchema.shape.name.maxLength ?? 120;

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/**
 * The level the job expects of a skill: the one the posting (or a reviewer) named, else what its
 * importance implies, as the learning path reads it.
 */
export function expectedLevelOf(skill: ExtractedSkill): ExpectedSkillLevel {
  return skill.level ?? TARGET_LEVEL_BY_IMPORTANCE[skill.importance ?? 'required'];
}

/** Spec section 4: a skill starts approved when its confidence is above 0.7. */
export function startsApproved(skill: ExtractedSkill): boolean {
  return skill.confidence > SKILL_APPROVAL_THRESHOLD;
}

/**
 * The modal's starting point: the saved review when the posting has one (so a person sees
 * what they confirmed last time), otherwise every extracted skill by the 0.7 rule.
 */
export function initialSkillReview(extracted: ExtractedSkill[], saved: ReviewedSkillSet | null = null): SkillReviewState {
  const state: SkillReviewState = { skills: [], removed: [] };
  const seen = new Set<string>();
  const decided = (list: ExtractedSkill[] | undefined, name: string) => list?.some((skill) => sameName(skill.name, name)) ?? false;
  // A level set in the last review lives on the saved copy of the skill.
  const savedLevel = (name: string) =>
    [...(saved?.approved ?? []), ...(saved?.notApproved ?? [])].find((skill) => sameName(skill.name, name))?.level;

  for (const skill of extracted) {
    const key = skill.name.trim().toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (decided(saved?.removed, skill.name)) {
      state.removed.push(skill);
    } else {
      let approved = startsApproved(skill);
      if (decided(saved?.approved, skill.name)) approved = true;
      else if (decided(saved?.notApproved, skill.name)) approved = false;
      const level = savedLevel(skill.name) ?? skill.level;
      state.skills.push({ skill: level === undefined ? skill : { ...skill, level }, origin: 'extracted', approved });
    }
  }
  for (const skill of saved?.custom ?? []) {
    const key = skill.name.trim().toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    state.skills.push({ skill: { ...skill, confidence: CUSTOM_SKILL_CONFIDENCE }, origin: 'custom', approved: true });
  }
  return state;
}

export function customSkill(name: string, category: SkillCategory): ExtractedSkill {
  return { name: name.trim(), category, confidence: CUSTOM_SKILL_CONFIDENCE, evidence: [] };
}

/** What adding a typed name would do, so the modal can say so before it changes anything. */
export function classifyCustomSkill(state: SkillReviewState, name: string): 'invalid' | 'already-listed' | 'new' {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'invalid';
  const listed = state.skills.some((row) => sameName(row.skill.name, trimmed)) || state.removed.some((skill) => sameName(skill.name, trimmed));
  return listed ? 'already-listed' : 'new';
}

export function skillReviewReducer(state: SkillReviewState, action: SkillReviewAction): SkillReviewState {
  switch (action.type) {
    case 'toggle':
      return {
        ...state,
        skills: state.skills.map((row) => (sameName(row.skill.name, action.name) ? { ...row, approved: !row.approved } : row)),
      };
    case 'set-level':
      return {
        ...state,
        skills: state.skills.map((row) => (sameName(row.skill.name, action.name) ? { ...row, skill: { ...row.skill, level: action.level } } : row)),
      };
    case 'remove': {
      const row = state.skills.find((candidate) => sameName(candidate.skill.name, action.name));
      if (!row) return state;
      return {
        skills: state.skills.filter((candidate) => candidate !== row),
        // A custom skill removed again simply disappears: it was never in the posting.
        removed: row.origin === 'extracted' ? [...state.removed, row.skill] : state.removed,
      };
    }
    case 'add-custom': {
      const name = action.name.trim();
      if (name.length === 0) return state;
      // A name already listed is approved (and a removed one comes back) instead of doubled.
      const listed = state.skills.find((row) => sameName(row.skill.name, name));
      if (listed) return { ...state, skills: state.skills.map((row) => (row === listed ? { ...row, approved: true } : row)) };
      const removed = state.removed.find((skill) => sameName(skill.name, name));
      if (removed) {
        return {
          skills: [...state.skills, { skill: removed, origin: 'extracted', approved: true }],
          removed: state.removed.filter((skill) => skill !== removed),
        };
      }
      return { ...state, skills: [...state.skills, { skill: customSkill(name, action.category), origin: 'custom', approved: true }] };
    }
  }
}

export function approvedCount(state: SkillReviewState): number {
  return state.skills.filter((row) => row.approved).length;
}

/** The approved skills, extracted then custom: what the hand-off carries. */
export function confirmedSkillsOf(state: SkillReviewState): ExtractedSkill[] {
  return state.skills.filter((row) => row.approved).map((row) => row.skill);
}

/** `PUT /api/job-descriptions/:id/skills`, or null when nothing is approved (spec section 5). */
export function saveBodyOf(state: SkillReviewState): SaveReviewedSkillsInput | null {
  if (approvedCount(state) === 0) return null;
  // Every extracted skill's level as the reviewer leaves it: read from the posting or changed here.
  const skillLevels = state.skills.flatMap((row) =>
    row.origin === 'extracted' && row.skill.level !== undefined ? [{ name: row.skill.name, level: row.skill.level }] : [],
  );
  return {
    approvedSkills: state.skills.filter((row) => row.origin === 'extracted' && row.approved).map((row) => row.skill.name),
    removedSkills: state.removed.map((skill) => skill.name),
    customSkills: state.skills
      // A custom skill switched off is not wanted: only approved ones are sent.
      .filter((row) => row.origin === 'custom' && row.approved)
      .map((row) => ({ name: row.skill.name, category: row.skill.category, ...(row.skill.level === undefined ? {} : { level: row.skill.level }) })),
    ...(skillLevels.length > 0 ? { skillLevels } : {}),
  };
}
