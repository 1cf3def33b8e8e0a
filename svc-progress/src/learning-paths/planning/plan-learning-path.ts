import type { LearningPathCourse, LearningPathMilestone, PathCandidateCourse, SkillGap } from '@masar/contracts';
import { chooseCourses, type ChooseCoursesOptions } from './course-cover';
import { scheduleLearningPath } from './path-schedule';

export interface PlanLearningPathInput {
  /** The learner's gaps, as `analyseSkillGaps` returns them. */
  gaps: SkillGap[];
  /** The catalog's courses teaching any of the gap skills. */
  candidates: PathCandidateCourse[];
  weeklyHours: number;
  startDate: Date;
}

export interface PlannedLearningPath {
  courses: LearningPathCourse[];
  milestones: LearningPathMilestone[];
  /** Gap skills no course closes: shown to the learner, never hidden. */
  uncoveredSkills: string[];
  totalHours: number;
  monthsNeeded: number;
}

/** The courses closing the gaps for the fewest hours, in study order with dates and quarterly milestones. */
export function planLearningPath(
  { gaps, candidates, weeklyHours, startDate }: PlanLearningPathInput,
  options: ChooseCoursesOptions = {},
): PlannedLearningPath {
  const { chosen, uncovered } = chooseCourses(gaps, candidates, options);
  const { courses, milestones, totalHours, monthsNeeded } = scheduleLearningPath(chosen, gaps, { weeklyHours, startDate });
  return { courses, milestones, uncoveredSkills: uncovered, totalHours, monthsNeeded };
}
