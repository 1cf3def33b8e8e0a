import { saveSelfAssessmentBodySchema, type AcquiredSkill, type SaveSelfAssessmentBody, type SkillLevel } from '@masar/contracts';

/** One editable line of the 'Assess my skills' modal. */
export interface SkillRow {
  /** Stable across edits, so React keeps each input's focus. */
  id: number;
  skill: string;
  level: SkillLevel;
}

/** The level a newly added row starts at. */
export const NEW_ROW_LEVEL: SkillLevel = 'basic';

/** Why the assessment cannot be sent; the modal words it in the current language. */
export type SelfAssessmentProblem =
  | { kind: 'skillRequired'; row: number }
  | { kind: 'skillTooLong'; row: number; max: number }
  | { kind: 'duplicate'; row: number; skill: string }
  | { kind: 'noSkills' }
  | { kind: 'tooManySkills'; max: number }
  /** Anything else the contract refuses, in its own words. */
  | { kind: 'other'; message: string };

export type SelfAssessmentOutcome = { body: SaveSelfAssessmentBody } | { problem: SelfAssessmentProblem };

let nextRowId = 0;

export function newSkillRow(skill = '', level: SkillLevel = NEW_ROW_LEVEL): SkillRow {
  nextRowId += 1;
  return { id: nextRowId, skill, level };
}

/** The rows the modal opens with: the learner's own assessments, or one empty row to fill in. */
export function initialSkillRows(profile: readonly AcquiredSkill[]): SkillRow[] {
  const selfAssessed = profile.filter(({ source }) => source === 'self-assessment');
  return selfAssessed.length > 0 ? selfAssessed.map(({ skill, level }) => newSkillRow(skill, level)) : [newSkillRow()];
}

const skillKey = (skill: string) => skill.trim().toLowerCase();

/** The row that repeats an earlier one, as the contract compares names (trimmed, any case). */
function firstRepeatedRow(rows: readonly SkillRow[]): number {
  const seen = new Set<string>();
  return rows.findIndex(({ skill }) => {
    const key = skillKey(skill);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/**
 * Builds `PUT /api/learner-skills`' body and checks it with the contract's schema. The server
 * keeps skills a body leaves out, so a self-assessed skill the learner removed from the list is
 * sent as `none`, which takes it off the profile.
 */
export function selfAssessmentBodyOf(rows: readonly SkillRow[], profile: readonly AcquiredSkill[]): SelfAssessmentOutcome {
  const listed = new Set(rows.map(({ skill }) => skillKey(skill)));
  const removed = profile
    .filter(({ source, skill }) => source === 'self-assessment' && !listed.has(skillKey(skill)))
    .map(({ skill }) => ({ skill, level: 'none' as const }));
  const parsed = saveSelfAssessmentBodySchema.safeParse({
    skills: [...rows.map(({ skill, level }) => ({ skill, level })), ...removed],
  });
  if (parsed.success) return { body: parsed.data };

  const [issue] = parsed.error.issues;
  const [, row, field] = issue.path;
  if (typeof row === 'number' && field === 'skill') {
    if (issue.code === 'too_small') return { problem: { kind: 'skillRequired', row } };
    if (issue.code === 'too_big') return { problem: { kind: 'skillTooLong', row, max: Number(issue.maximum) } };
  }
  if (issue.path.length === 1) {
    if (issue.code === 'too_small') return { problem: { kind: 'noSkills' } };
    if (issue.code === 'too_big') return { problem: { kind: 'tooManySkills', max: Number(issue.maximum) } };
    const repeated = firstRepeatedRow(rows);
    if (issue.code === 'custom' && repeated >= 0) {
      return { problem: { kind: 'duplicate', row: repeated, skill: rows[repeated].skill.trim() } };
    }
  }
  return { problem: { kind: 'other', message: issue.message } };
}

/** The row a problem points at, to mark its name field. */
export function problemRow(problem: SelfAssessmentProblem | null): number | undefined {
  return problem && 'row' in problem ? problem.row : undefined;
}
