import type { CourseLevel, GapPriority, LearningPathCourse, LearningPathMilestone, PathCandidateCourse, SkillGap } from '@masar/contracts';
import type { ChosenCourse } from './course-cover';
import { compareGapPriority, skillKey } from './skill-gaps';
import { StudyCalendar } from './study-calendar';

export interface ScheduleOptions {
  /** Hours of study a week; must be positive. */
  weeklyHours: number;
  /** Day the plan starts; only its UTC date counts. */
  startDate: Date;
  /** Study the courses in the order given (a learner's own order) instead of working one out. */
  keepOrder?: boolean;
  /** The study days of the plan (Ramadan's lighter load, Eid holidays); by default from `startDate` at the default Ramadan load. */
  calendar?: StudyCalendar;
}

export interface LearningPathSchedule {
  courses: LearningPathCourse[];
  /** Always four, one per quarter, even when a quarter has no course due. */
  milestones: LearningPathMilestone[];
  totalHours: number;
  /** The month the last course ends in (may exceed 12); 0 without courses. */
  monthsNeeded: number;
}

/** A plan month is a twelfth of a year, so twelve of them make the year the path budgets. */
export const DAYS_PER_PLAN_MONTH = 365 / 12;
const QUARTERS = [1, 2, 3, 4] as const;
const MONTHS_PER_QUARTER = 3;
export const PLAN_MONTHS = 12;

const LEVEL_ORDER: Record<CourseLevel, number> = { beginner: 0, intermediate: 1, advanced: 2 };
/** One collator for every comparison: `localeCompare(b, 'en')` builds a new one each call. */
const TITLE_ORDER = new Intl.Collator('en');

/** What a path (this year's or next year's) keeps of a catalog course. */
export function catalogFieldsOf(course: PathCandidateCourse): Pick<LearningPathCourse, 'courseId' | 'title' | 'titleAr' | 'abbreviation' | 'kind' | 'provider' | 'url' | 'level' | 'estimatedHours'> {
  const { id: courseId, title, titleAr, abbreviation, kind, provider, url, level, estimatedHours } = course;
  return { courseId, title, titleAr, abbreviation, kind, provider, url, level, estimatedHours };
}

/**
 * Puts the chosen courses in study order and back to back at the weekly budget, and groups them into
 * quarterly milestones. A course that mentions another's title or abbreviation in its prerequisites
 * comes after it, as does the higher-level of two courses closing a same skill (unless `keepOrder`).
 * Study follows the calendar: less during Ramadan, none on an Eid holiday, so no course is due on one;
 * each course names the Ramadan or Eid it spans.
 */
export function scheduleLearningPath(chosen: ChosenCourse[], gaps: SkillGap[], options: ScheduleOptions): LearningPathSchedule {
  const { weeklyHours } = options;
  if (!Number.isFinite(weeklyHours) || weeklyHours <= 0) throw new RangeError(`weeklyHours must be a positive number, got ${weeklyHours}`);
  const startDay = utcDay(options.startDate);
  const calendar = options.calendar ?? new StudyCalendar(startDay);

  let hoursBefore = 0;
  const ordered = options.keepOrder ? chosen : studyOrder(chosen, gaps);
  const courses = ordered.map(({ course, covers }): LearningPathCourse => {
    const firstDay = calendar.dayAfter(hoursBefore, weeklyHours);
    hoursBefore += course.estimatedHours;
    const dueDay = Math.max(firstDay, calendar.dayReaching(hoursBefore, weeklyHours));
    const startMonth = Math.floor(firstDay / DAYS_PER_PLAN_MONTH) + 1;
    const holyPeriods = [...new Set(calendar.holyPeriods(firstDay, dueDay).map((period) => period.kind))];
    return {
      ...catalogFieldsOf(course),
      covers,
      startMonth,
      endMonth: Math.max(startMonth, Math.ceil((dueDay + 1) / DAYS_PER_PLAN_MONTH - 1e-9)),
      startDate: isoDate(addDays(startDay, firstDay)),
      dueDate: isoDate(addDays(startDay, dueDay)),
      ...(holyPeriods.length > 0 ? { holyPeriods } : {}),
    };
  });

  return {
    courses,
    milestones: quarterlyMilestones(courses, startDay),
    // Rounded so that 0.1 + 0.2 hours reads 0.3.
    totalHours: roundHours(hoursBefore),
    monthsNeeded: courses.length === 0 ? 0 : courses[courses.length - 1].endMonth,
  };
}

/** Hours as stored: sums of fractions rounded so that 0.1 + 0.2 reads 0.3. */
export function roundHours(hours: number): number {
  return Math.round(hours * 1e6) / 1e6;
}

/** Days from the plan's first day to the same date twelve months on: the year a plan must fit in. */
export function planYearDays(startDate: Date): number {
  const startDay = utcDay(startDate);
  return Math.round((addMonthsClamped(startDay, PLAN_MONTHS).getTime() - startDay.getTime()) / 86_400_000);
}

/**
 * Topological order of "must come before"; among courses free to go next: lower level, then the most
 * urgent gap closed, then fewer hours, then title. A cycle (contradictory prerequisites) is broken by
 * taking the lowest-level, then first-titled course on it; courses merely waiting for it keep waiting.
 */
export function studyOrder(chosen: ChosenCourse[], gaps: SkillGap[]): ChosenCourse[] {
  const priorityByKey = new Map<string, GapPriority>();
  for (const gap of gaps) {
    const key = skillKey(gap.skill);
    const known = priorityByKey.get(key);
    if (!known || compareGapPriority(gap.priority, known) < 0) priorityByKey.set(key, gap.priority);
  }
  const facts = chosen.map((entry) => {
    const coverKeys = new Set(entry.covers.map(skillKey));
    const priorities = [...coverKeys].map((key) => priorityByKey.get(key) ?? 'low').sort(compareGapPriority);
    return {
      entry,
      level: LEVEL_ORDER[entry.course.level ?? 'beginner'],
      topPriority: priorities[0] ?? 'low',
      coverKeys,
      prerequisites: forMentions(entry.course.prerequisites.join('\n')),
      names: [entry.course.title, entry.course.abbreviation].map(forMentions).filter((name) => name !== ''),
    };
  });
  type Facts = (typeof facts)[number];

  const comesBefore = (a: Facts, b: Facts): boolean =>
    a.names.some((name) => mentionsWholly(b.prerequisites, name)) ||
    (a.level < b.level && [...a.coverKeys].some((key) => b.coverKeys.has(key)));
  const successors = facts.map(() => [] as number[]);
  const waitingFor = facts.map(() => 0);
  facts.forEach((a, before) =>
    facts.forEach((b, after) => {
      if (before === after || !comesBefore(a, b)) return;
      successors[before].push(after);
      waitingFor[after] += 1;
    }),
  );

  const byTitle = (a: Facts, b: Facts) =>
    TITLE_ORDER.compare(a.entry.course.title, b.entry.course.title) || compareCodePoints(a.entry.course.id, b.entry.course.id);
  const nextFree = (a: Facts, b: Facts) =>
    a.level - b.level ||
    compareGapPriority(a.topPriority, b.topPriority) ||
    a.entry.course.estimatedHours - b.entry.course.estimatedHours ||
    byTitle(a, b);
  const breakingCycle = (a: Facts, b: Facts) => a.level - b.level || byTitle(a, b);

  const placed = new Array<boolean>(facts.length).fill(false);
  const order: ChosenCourse[] = [];
  while (order.length < facts.length) {
    const left = facts.map((_, index) => index).filter((index) => !placed[index]);
    const free = left.filter((index) => waitingFor[index] === 0);
    const next =
      free.length > 0
        ? free.sort((a, b) => nextFree(facts[a], facts[b]))[0]
        : left.sort((a, b) => breakingCycle(facts[a], facts[b])).find((index) => isOnCycle(index, successors, placed))!;
    placed[next] = true;
    order.push(facts[next].entry);
    for (const after of successors[next]) waitingFor[after] -= 1;
  }
  return order;
}

/** Whether `start` can reach itself through courses not yet placed. */
function isOnCycle(start: number, successors: number[][], placed: boolean[]): boolean {
  const seen = new Set<number>();
  const stack = [...successors[start]];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (at === start) return true;
    if (placed[at] || seen.has(at)) continue;
    seen.add(at);
    stack.push(...successors[at]);
  }
  return false;
}

/** Text as mentions are matched: any case, any run of spaces. */
function forMentions(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/** Whether `name` occurs in `text` as whole words: "sql" is in "sql or equivalent", not in "mysql". */
function mentionsWholly(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1];
    const after = text[at + name.length];
    if ((before === undefined || !WORD_CHARACTER.test(before)) && (after === undefined || !WORD_CHARACTER.test(after))) return true;
  }
  return false;
}

/** Each quarter's milestone: the courses due since the previous one, and the gap skills they close first. */
function quarterlyMilestones(courses: LearningPathCourse[], startDay: Date): LearningPathMilestone[] {
  const closedAlready = new Set<string>();
  const firstClosed = courses.map((course) =>
    course.covers.filter((skill) => {
      const key = skillKey(skill);
      if (closedAlready.has(key)) return false;
      closedAlready.add(key);
      return true;
    }),
  );

  let previousDue = '';
  return QUARTERS.map((quarter) => {
    const dueDate = isoDate(addMonthsClamped(startDay, quarter * MONTHS_PER_QUARTER));
    const due = courses
      .map((course, index) => ({ course, skills: firstClosed[index] }))
      .filter(({ course }) => course.dueDate > previousDue && course.dueDate <= dueDate);
    previousDue = dueDate;
    return {
      quarter,
      dueDate,
      courseIds: due.map(({ course }) => course.courseId),
      skills: due.flatMap(({ skills }) => skills),
    };
  });
}

/** The UTC calendar day of `date`, at midnight. */
export function utcDay(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError('startDate is not a valid date');
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(day: Date, days: number): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + days));
}

/** Calendar months later, on the last day of the month when it is shorter: 31 Jan + 3 months = 30 Apr. */
function addMonthsClamped(day: Date, months: number): Date {
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth() + months;
  const lastDayOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day.getUTCDate(), lastDayOfMonth)));
}

/** YYYY-MM-DD of a UTC day. */
export function isoDate(day: Date): string {
  return day.toISOString().slice(0, 10);
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
