import type { PathCandidateCourse, SkillGap, SkillImportance } from '@masar/contracts';
import { gapsCoveredBy, type ChosenCourse } from './course-cover';
import { compareGapPriority, skillKey } from './skill-gaps';

/** A course left for next year: the deferred gaps it closes, and this year's courses taking its place. */
export interface NextYearChoice extends ChosenCourse {
  replacedBy: string[];
}

export interface YearFit {
  /** The courses studied in the 12 months. */
  year: ChosenCourse[];
  /** The gaps that wait for next year: required ones first, each kind most urgent first. */
  deferredSkills: string[];
  nextYear: NextYearChoice[];
}

export interface FitYearInput {
  /** The learner's gaps. */
  gaps: SkillGap[];
  /** The shortest course of the catalog closing each gap, by skill key: it may take a long course's place. */
  shortestByGap: ReadonlyMap<string, PathCandidateCourse>;
  /** The least-hours courses closing every gap a course closes, started courses included. */
  chosen: ChosenCourse[];
  /** Courses the learner has completed or started: they stay in the year whatever the budget. */
  pinnedIds: ReadonlySet<string>;
  /** Hours the learner can study in the 12 months at their budget. */
  yearHours: number;
}

const HOURS_EPSILON = 1e-7;

const IMPORTANCE_ORDER: Record<SkillImportance, number> = { required: 0, 'nice-to-have': 1 };

/** The order gaps get the year's hours: every required gap before any nice-to-have one, then by priority. */
function compareFittingOrder(a: SkillGap, b: SkillGap): number {
  return IMPORTANCE_ORDER[a.importance] - IMPORTANCE_ORDER[b.importance] || compareGapPriority(a.priority, b.priority);
}

/**
 * Fits the plan into the hours of the year. Everything fits: the least-hours courses as chosen.
 * Otherwise, gap by gap (every required gap before any nice-to-have one, each kind most urgent first),
 * the course closing it (and others still open of its kind: a required gap's course is not paid for by
 * the nice-to-have gaps it also closes) for the fewest hours per gap among those that still fit, looking at the chosen course and at the shortest
 * course of the catalog closing it at the needed level; a gap no course fits for waits for next
 * year. A long course (say a certification) closing many gaps thus gives way to shorter ones closing
 * the urgent gaps now, and is named as left for later.
 */
export function fitYear({ gaps, shortestByGap, chosen, pinnedIds, yearHours }: FitYearInput): YearFit {
  const hoursOf = (courses: ChosenCourse[]) => courses.reduce((sum, { course }) => sum + course.estimatedHours, 0);
  if (hoursOf(chosen) <= yearHours + HOURS_EPSILON) return { year: chosen, deferredSkills: [], nextYear: [] };

  const ranked = [...gaps].sort(compareFittingOrder);
  const importanceByKey = new Map<string, SkillImportance>();
  for (const gap of gaps) if (importanceByKey.get(skillKey(gap.skill)) !== 'required') importanceByKey.set(skillKey(gap.skill), gap.importance);
  const closable = new Set(chosen.flatMap(({ covers }) => covers.map(skillKey)));
  const closed = new Set<string>();
  const year: ChosenCourse[] = [];
  let hours = 0;
  const take = (choice: ChosenCourse) => {
    year.push(choice);
    hours += choice.course.estimatedHours;
    for (const skill of choice.covers) closed.add(skillKey(skill));
  };
  for (const choice of chosen) if (pinnedIds.has(choice.course.id)) take(choice);

  for (const gap of ranked) {
    const key = skillKey(gap.skill);
    if (closed.has(key) || !closable.has(key)) continue;
    const options: ChosenCourse[] = chosen.filter(
      ({ course, covers }) => !pinnedIds.has(course.id) && covers.some((skill) => skillKey(skill) === key),
    );
    const shortest = shortestByGap.get(key);
    if (shortest && !options.some(({ course }) => course.id === shortest.id)) {
      options.push({ course: shortest, covers: gapsCoveredBy(shortest, gaps).map((covered) => covered.skill) });
    }
    let best: { choice: ChosenCourse; hoursPerGap: number } | undefined;
    for (const choice of options) {
      if (year.some(({ course }) => course.id === choice.course.id)) continue;
      if (hours + choice.course.estimatedHours > yearHours + HOURS_EPSILON) continue;
      // While required gaps are fitted, a course is worth the required gaps it closes: nice-to-have ones only take hours left over.
      const fresh = choice.covers.filter(
        (skill) => !closed.has(skillKey(skill)) && (gap.importance === 'nice-to-have' || importanceByKey.get(skillKey(skill)) === 'required'),
      ).length;
      const hoursPerGap = choice.course.estimatedHours / fresh;
      if (!best || hoursPerGap < best.hoursPerGap - HOURS_EPSILON || (Math.abs(hoursPerGap - best.hoursPerGap) <= HOURS_EPSILON && choice.course.estimatedHours < best.choice.course.estimatedHours)) {
        best = { choice, hoursPerGap };
      }
    }
    if (best) take(best.choice);
  }
  const kept = withoutRedundant(year, pinnedIds);

  const closedInYear = new Set(kept.flatMap(({ covers }) => covers.map(skillKey)));
  const deferred = ranked.filter((gap) => closable.has(skillKey(gap.skill)) && !closedInYear.has(skillKey(gap.skill)));
  return { year: kept, deferredSkills: deferred.map((gap) => gap.skill), nextYear: nextYearCourses(chosen, kept, deferred, closedInYear) };
}

/** Drops (longest first) courses whose gaps the others all close; started courses stay. */
function withoutRedundant(year: ChosenCourse[], pinnedIds: ReadonlySet<string>): ChosenCourse[] {
  const count = new Map<string, number>();
  for (const { covers } of year) for (const skill of covers) count.set(skillKey(skill), (count.get(skillKey(skill)) ?? 0) + 1);
  const dropped = new Set<ChosenCourse>();
  for (const choice of [...year].sort((a, b) => b.course.estimatedHours - a.course.estimatedHours)) {
    if (pinnedIds.has(choice.course.id)) continue;
    if (!choice.covers.every((skill) => (count.get(skillKey(skill)) ?? 0) >= 2)) continue;
    dropped.add(choice);
    for (const skill of choice.covers) count.set(skillKey(skill), count.get(skillKey(skill))! - 1);
  }
  return year.filter((choice) => !dropped.has(choice));
}

/**
 * The chosen courses that would close the deferred gaps (fewest hours per gap first, until each is
 * closed), and the chosen courses this year's shorter courses replaced, most urgent gap first.
 */
function nextYearCourses(chosen: ChosenCourse[], year: ChosenCourse[], deferred: SkillGap[], closedInYear: ReadonlySet<string>): NextYearChoice[] {
  const inYear = new Set(year.map(({ course }) => course.id));
  const deferredKeys = new Set(deferred.map((gap) => skillKey(gap.skill)));
  const rest = chosen.filter(({ course }) => !inYear.has(course.id));
  const open = new Set(deferredKeys);
  const forDeferred = new Set<ChosenCourse>();
  const deferredCovers = (choice: ChosenCourse) => choice.covers.filter((skill) => open.has(skillKey(skill)));
  while (open.size > 0) {
    const next = rest
      .filter((choice) => !forDeferred.has(choice) && deferredCovers(choice).length > 0)
      .sort((a, b) => a.course.estimatedHours / deferredCovers(a).length - b.course.estimatedHours / deferredCovers(b).length)[0];
    if (!next) break;
    forDeferred.add(next);
    for (const skill of next.covers) open.delete(skillKey(skill));
  }

  const rankOf = new Map(deferred.map((gap, index) => [skillKey(gap.skill), index]));
  const firstRank = (choice: NextYearChoice) => Math.min(...choice.covers.map((skill) => rankOf.get(skillKey(skill)) ?? Infinity), Infinity);
  return rest
    .map((choice): NextYearChoice => {
      const replacedBy = year
        .filter(({ covers }) => covers.some((skill) => choice.covers.some((own) => skillKey(own) === skillKey(skill))))
        .map(({ course }) => course.id);
      return {
        course: choice.course,
        covers: forDeferred.has(choice) ? choice.covers.filter((skill) => deferredKeys.has(skillKey(skill))) : [],
        replacedBy: choice.covers.some((skill) => closedInYear.has(skillKey(skill))) ? replacedBy : [],
      };
    })
    .filter((choice) => choice.covers.length > 0 || choice.replacedBy.length > 0)
    .sort((a, b) => firstRank(a) - firstRank(b) || b.covers.length - a.covers.length);
}
