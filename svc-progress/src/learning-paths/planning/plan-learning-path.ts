import {
  DEFAULT_MAX_PROPOSED_WEEKLY_HOURS,
  MAX_WEEKLY_HOURS,
  MIN_WEEKLY_HOURS,
  type LearningPathCourse,
  type LearningPathFit,
  type LearningPathMilestone,
  type LearningPathNextYear,
  type PathCandidateCourse,
  type SkillGap,
} from '@masar/contracts';
import { chooseCourses, gapsCoveredBy, gapsWithinCatalogReach, type ChooseCoursesOptions, type ChosenCourse } from './course-cover';
import { fitYear, type NextYearChoice } from './fit-year';
import { addDays, catalogFieldsOf, isoDate, planYearDays, roundHours, scheduleLearningPath, studyOrder, utcDay } from './path-schedule';
import { skillKey } from './skill-gaps';
import { DEFAULT_RAMADAN_LOAD_FACTOR, roundUpToHalfHour, StudyCalendar } from './study-calendar';

export interface PlanLearningPathInput {
  /** The learner's gaps, as `analyseSkillGaps` returns them. */
  gaps: SkillGap[];
  /** The catalog's courses teaching any of the gap skills. */
  candidates: PathCandidateCourse[];
  weeklyHours: number;
  startDate: Date;
  /** Courses the learner completed or started, in the path's order: they keep their place and stay in the year. */
  pinned?: ChosenCourse[];
  /**
   * The path's other courses, in the learner's order and with their swaps, when new hours re-date it:
   * they come after `pinned` in that order and close their gaps (no other course is chosen for them),
   * but wait for next year when the year cannot hold them.
   */
  kept?: ChosenCourse[];
}

export interface PlanningOptions extends ChooseCoursesOptions {
  /** Share of the weekly hours planned during Ramadan (0 < f ≤ 1). */
  ramadanLoadFactor?: number;
  /** The most weekly hours the planner proposes to fit everything into 12 months. */
  maxProposedWeeklyHours?: number;
}

export interface PlannedLearningPath {
  courses: LearningPathCourse[];
  milestones: LearningPathMilestone[];
  /** Gap skills no course closes: shown to the learner, never hidden. */
  uncoveredSkills: string[];
  totalHours: number;
  monthsNeeded: number;
  /** How the plan fits 12 months; the learner's `choice` is the caller's to set. */
  fit: Omit<LearningPathFit, 'choice'>;
  nextYear: LearningPathNextYear;
}

/**
 * The courses closing the gaps for the fewest hours, fitted into 12 months at the weekly budget (the
 * most urgent gaps first, the rest for next year), with the weekly hours that would fit them all,
 * in study order with dates following the Gulf year and quarterly milestones.
 */
export function planLearningPath(
  { gaps: learnerGaps, candidates, weeklyHours, startDate, pinned = [], kept = [] }: PlanLearningPathInput,
  options: PlanningOptions = {},
): PlannedLearningPath {
  const own = [...pinned, ...kept];
  const gaps = gapsWithinCatalogReach(learnerGaps, [...candidates, ...own.map(({ course }) => course)]);
  const startDay = utcDay(startDate);
  const calendar = new StudyCalendar(startDay, options.ramadanLoadFactor ?? DEFAULT_RAMADAN_LOAD_FACTOR);
  const yearDays = planYearDays(startDay);
  const yearHoursPerWeeklyHour = calendar.unitHoursBefore(yearDays);

  // Started (and kept) courses count as chosen: the rest is chosen for the gaps they leave open.
  const closedByOwn = new Set(own.flatMap(({ covers }) => covers.map(skillKey)));
  const ownIds = new Set(own.map(({ course }) => course.id));
  const { chosen: others, uncovered, shortestByGap } = chooseCourses(
    gaps.filter((gap) => !closedByOwn.has(skillKey(gap.skill))),
    candidates.filter((course) => !ownIds.has(course.id)),
    options,
  );
  const chosen = [...own, ...others];
  const allCoursesHours = roundHours(chosen.reduce((sum, { course }) => sum + course.estimatedHours, 0));

  const pinnedIds = new Set(pinned.map(({ course }) => course.id));
  const fitted = fitYear({ gaps, shortestByGap, chosen, pinnedIds, yearHours: weeklyHours * yearHoursPerWeeklyHour });
  const inYear = new Set(fitted.year.map(({ course }) => course.id));
  const yearCourses = [
    ...own.filter(({ course }) => inYear.has(course.id)),
    ...studyOrder(fitted.year.filter(({ course }) => !ownIds.has(course.id)), gaps),
  ];
  const schedule = scheduleLearningPath(yearCourses, gaps, { weeklyHours, startDate: startDay, keepOrder: true, calendar });

  const neededWeeklyHours = Math.max(MIN_WEEKLY_HOURS, roundUpToHalfHour(allCoursesHours / yearHoursPerWeeklyHour));
  const weeklyHoursToFitAll = neededWeeklyHours <= MAX_WEEKLY_HOURS ? neededWeeklyHours : null;
  const proposalLimit = options.maxProposedWeeklyHours ?? DEFAULT_MAX_PROPOSED_WEEKLY_HOURS;
  const fitsAll = fitted.nextYear.length === 0 && fitted.deferredSkills.length === 0;
  const nextYearHours = roundHours(fitted.nextYear.reduce((sum, { course, covers }) => sum + (covers.length > 0 ? course.estimatedHours : 0), 0));

  return {
    courses: schedule.courses,
    milestones: schedule.milestones,
    uncoveredSkills: uncovered,
    totalHours: schedule.totalHours,
    monthsNeeded: schedule.monthsNeeded,
    fit: {
      allCoursesHours,
      weeklyHoursToFitAll,
      proposedWeeklyHours:
        !fitsAll && weeklyHoursToFitAll !== null && weeklyHoursToFitAll > weeklyHours && weeklyHoursToFitAll <= proposalLimit ? weeklyHoursToFitAll : null,
      proposalLimit,
      ramadanLoadFactor: calendar.ramadanLoadFactor,
      holyPeriods: calendar.holyPeriods(0, yearDays - 1).map((period) => ({
        kind: period.kind,
        startDate: isoDate(addDays(startDay, period.firstDay)),
        endDate: isoDate(addDays(startDay, period.lastDay)),
      })),
    },
    nextYear: {
      skills: fitted.deferredSkills,
      courses: fitted.nextYear.map(asNextYearCourse),
      totalHours: nextYearHours,
      monthsAtBudget: monthsAt(nextYearHours, weeklyHours),
    },
  };
}

function asNextYearCourse({ course, covers, replacedBy }: NextYearChoice): LearningPathNextYear['courses'][number] {
  return { ...catalogFieldsOf(course), covers, replacedBy };
}

/** A stored course back in the planner's terms, credited with the gaps it closes. */
export function chosenFromPath(course: Pick<LearningPathCourse, 'courseId' | 'title' | 'titleAr' | 'abbreviation' | 'kind' | 'provider' | 'url' | 'level' | 'estimatedHours' | 'covers'>, gaps: SkillGap[]): ChosenCourse {
  const candidate: PathCandidateCourse = {
    id: course.courseId,
    title: course.title,
    titleAr: course.titleAr,
    abbreviation: course.abbreviation,
    kind: course.kind,
    provider: course.provider,
    url: course.url,
    level: course.level,
    estimatedHours: course.estimatedHours,
    skills: course.covers,
    prerequisites: [],
  };
  const covers = gapsCoveredBy(candidate, gaps).map((gap) => gap.skill);
  return { course: candidate, covers: covers.length > 0 ? covers : course.covers };
}

export interface ScheduleWithinYearInput {
  /** The year's courses in the learner's order. */
  chosen: ChosenCourse[];
  gaps: SkillGap[];
  weeklyHours: number;
  startDate: Date;
  /** What already waits for next year. */
  nextYear: LearningPathNextYear;
  /** Courses the learner completed or started: they stay in the year. */
  pinnedIds: ReadonlySet<string>;
}

/**
 * Dates the courses in the order given (after a learner reorders or swaps), moving any course that
 * would end past the 12 months (and is not started) to next year.
 */
export function scheduleWithinYear(
  { chosen, gaps, weeklyHours, startDate, nextYear, pinnedIds }: ScheduleWithinYearInput,
  options: Pick<PlanningOptions, 'ramadanLoadFactor'> = {},
): Pick<PlannedLearningPath, 'courses' | 'milestones' | 'totalHours' | 'monthsNeeded' | 'nextYear'> {
  const startDay = utcDay(startDate);
  const calendar = new StudyCalendar(startDay, options.ramadanLoadFactor ?? DEFAULT_RAMADAN_LOAD_FACTOR);
  const yearHours = weeklyHours * calendar.unitHoursBefore(planYearDays(startDay));
  let hours = 0;
  const year: ChosenCourse[] = [];
  const moved: ChosenCourse[] = [];
  for (const choice of chosen) {
    if (pinnedIds.has(choice.course.id) || hours + choice.course.estimatedHours <= yearHours + 1e-7) {
      year.push(choice);
      hours += choice.course.estimatedHours;
    } else moved.push(choice);
  }
  const schedule = scheduleLearningPath(year, gaps, { weeklyHours, startDate: startDay, keepOrder: true, calendar });
  const closedInYear = new Set(year.flatMap(({ covers }) => covers.map(skillKey)));
  const courses = [...moved.map((choice) => asNextYearCourse({ ...choice, replacedBy: [] })), ...nextYear.courses.filter((course) => !year.some((choice) => choice.course.id === course.courseId))];
  const skills = gaps
    .map((gap) => gap.skill)
    .filter((skill) => !closedInYear.has(skillKey(skill)) && courses.some((course) => course.covers.some((covered) => skillKey(covered) === skillKey(skill))));
  const totalHours = roundHours(courses.reduce((sum, course) => sum + (course.covers.length > 0 ? course.estimatedHours : 0), 0));
  return {
    ...schedule,
    nextYear: { skills, courses, totalHours, monthsAtBudget: monthsAt(totalHours, weeklyHours) },
  };
}

/**
 * Next year after new hours re-dated the learner's courses, still naming the long courses left for later
 * whose replacements stay in the year (the planner chose only for next year's gaps, so it cannot know them).
 */
export function keepingLeftForLater(nextYear: LearningPathNextYear, before: LearningPathNextYear, yearCourseIds: ReadonlySet<string>): LearningPathNextYear {
  const listed = new Set(nextYear.courses.map((course) => course.courseId));
  const leftForLater = before.courses
    .filter((course) => !listed.has(course.courseId) && !yearCourseIds.has(course.courseId))
    .map((course) => ({ ...course, covers: [], replacedBy: course.replacedBy.filter((id) => yearCourseIds.has(id)) }))
    .filter((course) => course.replacedBy.length > 0);
  return { ...nextYear, courses: [...nextYear.courses, ...leftForLater] };
}

/** Months `hours` of study take at `weeklyHours`, ignoring the calendar's holy days: an estimate for next year. */
function monthsAt(hours: number, weeklyHours: number): number {
  return hours === 0 ? 0 : Math.ceil(hours / ((weeklyHours * 365) / 7 / 12) - 1e-9);
}
