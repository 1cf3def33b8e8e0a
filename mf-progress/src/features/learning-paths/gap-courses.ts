import type { LearningPathCourse, SkillGap } from '@masar/contracts';

/** The path's courses that close a gap (the planner lists each course's closed gaps in `covers`), in study order. */
export function coursesClosingGap(gap: Pick<SkillGap, 'skill'>, courses: readonly LearningPathCourse[]): LearningPathCourse[] {
  const key = gap.skill.trim().toLocaleLowerCase('en');
  return courses.filter((course) => course.covers.some((skill) => skill.trim().toLocaleLowerCase('en') === key));
}
