import type { ExtractedSkill, SkillGap, SkillLevel } from '@masar/contracts';
import type { ChosenCourse } from '../learning-paths/planning/course-cover';
import { analyseSkillGaps, skillKey } from '../learning-paths/planning/skill-gaps';

/** A path's gaps measured again against the learner's levels of today, and the courses still worth taking. */
export interface ReassessedPathGaps {
  /** The job's skills the learner is still short of, most urgent first, at today's levels. */
  gaps: SkillGap[];
  /** The path's courses in their order, each covering only gaps still open; started ones always stay. */
  kept: ChosenCourse[];
  /** Gaps none of the kept courses closes (new since the path was planned): they need courses of their own. */
  unclosed: SkillGap[];
}

/**
 * Measures a path's gaps again: a learner who says they already hold a skill has no gap in it, so a
 * course taken only for it leaves the path (unless they started it: their progress stays in view);
 * one who says they hold it less well than thought gets a gap the kept courses may not close.
 */
export function reassessPathGaps(
  confirmedSkills: ExtractedSkill[],
  currentLevels: ReadonlyMap<string, SkillLevel>,
  chosen: readonly ChosenCourse[],
  startedCourseIds: ReadonlySet<string>,
): ReassessedPathGaps {
  const gaps = analyseSkillGaps(confirmedSkills, currentLevels);
  const open = new Set(gaps.map((gap) => skillKey(gap.skill)));
  const kept: ChosenCourse[] = [];
  for (const choice of chosen) {
    const covers = choice.covers.filter((skill) => open.has(skillKey(skill)));
    if (startedCourseIds.has(choice.course.id)) kept.push(covers.length > 0 ? { ...choice, covers } : choice);
    else if (covers.length > 0) kept.push({ ...choice, covers });
  }
  const closedByKept = new Set(kept.flatMap((choice) => choice.covers.map(skillKey)));
  return { gaps, kept, unclosed: gaps.filter((gap) => !closedByKept.has(skillKey(gap.skill))) };
}
