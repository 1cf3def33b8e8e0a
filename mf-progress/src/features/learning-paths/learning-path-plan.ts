import {
  LEARNING_PATH_MONTHS,
  skillLevelRank,
  type CourseSummary,
  type LearningPath,
  type LearningPathCourse,
  type LearningPathMilestone,
  type PathCourseStatus,
  type ProgressOverview,
  type SkillGap,
} from '@masar/contracts';

/** A quarter's milestone falls at the end of every third month. */
const MONTHS_PER_QUARTER = 3;

/** One month of the timeline: the courses studied in it and, at a quarter's end, its milestone. */
export interface PlanMonth {
  /** 1-based month of the plan. */
  month: number;
  /** Past the twelve months a path budgets: the weekly hours cannot fit every course in a year. */
  beyondYear: boolean;
  courses: LearningPathCourse[];
  milestone: LearningPathMilestone | undefined;
}

/**
 * Months 1 to 12, or up to the last month a course ends in when that is later, each with the courses
 * active in it (`startMonth ≤ month ≤ endMonth`) in study order and the milestone due at its end.
 */
export function planMonths({ courses, milestones, monthsNeeded }: Pick<LearningPath, 'courses' | 'milestones' | 'monthsNeeded'>): PlanMonth[] {
  const lastMonth = Math.max(LEARNING_PATH_MONTHS, monthsNeeded, ...courses.map((course) => course.endMonth));
  return Array.from({ length: lastMonth }, (_, index) => {
    const month = index + 1;
    return {
      month,
      beyondYear: month > LEARNING_PATH_MONTHS,
      courses: courses.filter((course) => course.startMonth <= month && month <= course.endMonth),
      milestone: milestones.find((milestone) => milestone.quarter * MONTHS_PER_QUARTER === month),
    };
  });
}

/**
 * The study order with one course moved one place earlier (-1) or later (+1); the order unchanged
 * when it is already first or last (or not in the path).
 */
export function moveCourse(courseIds: readonly string[], courseId: string, offset: -1 | 1): string[] {
  const order = [...courseIds];
  const from = order.indexOf(courseId);
  const to = from + offset;
  if (from === -1 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to], order[from]];
  return order;
}

/** Courses teaching a skill that may replace one of the path's courses: none already in the path. */
export function swapCandidates(candidates: readonly CourseSummary[], path: Pick<LearningPath, 'courses'>): CourseSummary[] {
  const inPath = new Set(path.courses.map((course) => course.courseId));
  return candidates.filter((candidate) => !inPath.has(candidate.id));
}

/** Each course's status in the learner's progress, by course id. */
export function courseStatuses(overview: Pick<ProgressOverview, 'courses'> | undefined): Map<string, PathCourseStatus> {
  return new Map((overview?.courses ?? []).map((course) => [course.courseId, course.status]));
}

/** A course the learner never opened is pending. */
export function statusOf(statuses: ReadonlyMap<string, PathCourseStatus>, courseId: string): PathCourseStatus {
  return statuses.get(courseId) ?? 'pending';
}

/** The step to work on: the first course in study order not completed; past the last one when all are. */
export function currentStepIndex(courses: readonly LearningPathCourse[], statuses: ReadonlyMap<string, PathCourseStatus>): number {
  const index = courses.findIndex((course) => statusOf(statuses, course.courseId) !== 'completed');
  return index === -1 ? courses.length : index;
}

/** How many of the path's courses are completed. */
export function completedCourseCount(courses: readonly LearningPathCourse[], statuses: ReadonlyMap<string, PathCourseStatus>): number {
  return courses.filter((course) => statusOf(statuses, course.courseId) === 'completed').length;
}

/** The gap skills the path's courses cover, each once, in study order. */
export function coveredGapSkills(courses: readonly LearningPathCourse[]): string[] {
  const seen = new Map<string, string>();
  for (const skill of courses.flatMap((course) => course.covers)) {
    const key = skill.toLocaleLowerCase('en');
    if (!seen.has(key)) seen.set(key, skill);
  }
  return [...seen.values()];
}

/**
 * The overview's summary of this path: it sums up only the learner's newest path, so for any other
 * path (or before the overview arrives) there is none.
 */
export function summaryOf(path: Pick<LearningPath, 'id'>, overview: Pick<ProgressOverview, 'learningPath'> | undefined) {
  return overview?.learningPath?.id === path.id ? overview.learningPath : undefined;
}

/** A gap as the chart plots it: levels as 0 (none) to 4 (expert). */
export interface GapChartRow {
  skill: string;
  current: number;
  target: number;
}

export function gapChartRows(gaps: readonly SkillGap[], nameOf: (skill: string) => string): GapChartRow[] {
  return gaps.map((gap) => ({
    skill: nameOf(gap.skill),
    current: skillLevelRank(gap.currentLevel),
    target: skillLevelRank(gap.targetLevel),
  }));
}

/**
 * A skill's name in the current language: the gap's Arabic name in Arabic when the path has one.
 * Courses and milestones name skills by the gap's English name, so every name goes through here.
 */
export function gapSkillName(gaps: readonly SkillGap[], skill: string, language: string): string {
  if (language !== 'ar') return skill;
  const key = skill.toLocaleLowerCase('en');
  return gaps.find((gap) => gap.skill.toLocaleLowerCase('en') === key)?.skillAr ?? skill;
}
