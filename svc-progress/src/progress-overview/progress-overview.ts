import type {
  AcquiredSkill,
  Achievement,
  CourseLevel,
  LearningPath,
  LearningPathProgress,
  LearningPathSummary,
  ProgressCourse,
  ProgressOverview,
  UpcomingDeadline,
} from '@masar/contracts';

export const UPCOMING_DEADLINES_SHOWN = 5;

/** A course the learner opened, with their lessons in it (lessons no longer in the course not counted). */
export interface OpenedCourse {
  courseId: string;
  title: string;
  titleAr: string | null;
  description: string;
  duration: string;
  level: CourseLevel | null;
  totalLessons: number;
  completedLessons: number;
  secondsSpent: number;
  startedAt: Date;
  completedAt: Date | null;
}

export interface ProgressOverviewInput {
  openedCourses: readonly OpenedCourse[];
  /** Newest first. */
  paths: readonly Pick<LearningPath, 'id' | 'jobTitle' | 'courses' | 'gaps' | 'totalHours' | 'monthsNeeded'>[];
  skills: readonly AcquiredSkill[];
  achievements: readonly Achievement[];
  /** YYYY-MM-DD: deadlines before it are overdue. */
  today: string;
  /** Courses deleted from the catalog since: shown marked removed, counted only once completed. */
  removed?: ReadonlySet<string>;
}

/** A course the catalog no longer has counts only if the learner completed it: nobody can finish it now. */
function counts(course: ProgressCourse): boolean {
  return !course.removed || course.status === 'completed';
}

const STATUS_ORDER: Record<ProgressCourse['status'], number> = { 'in-progress': 0, pending: 1, completed: 2 };

/**
 * Folds what the learner did and what their paths plan into the progress screen: every course they
 * opened and every course their paths plan (the newest path that plans a course gives its due date),
 * with real statuses and percents.
 */
export function buildProgressOverview({
  openedCourses,
  paths,
  skills,
  achievements,
  today,
  removed = new Set(),
}: ProgressOverviewInput): ProgressOverview {
  const planned = new Map<string, { path: ProgressOverviewInput['paths'][number]; course: LearningPath['courses'][number] }>();
  for (const path of [...paths].reverse()) {
    for (const course of path.courses) planned.set(course.courseId, { path, course });
  }
  const opened = new Map(openedCourses.map((course) => [course.courseId, course]));
  const courses: ProgressCourse[] = [...openedCourses.map((course) => fromOpened(course, planned.get(course.courseId)))];
  for (const [courseId, { path, course }] of planned) {
    if (opened.has(courseId)) continue;
    courses.push({
      courseId,
      title: course.title,
      titleAr: course.titleAr,
      description: null,
      duration: null,
      estimatedHours: course.estimatedHours,
      level: course.level,
      status: 'pending',
      percent: 0,
      completedLessons: 0,
      totalLessons: null,
      secondsSpent: 0,
      startedAt: null,
      completedAt: null,
      dueDate: course.dueDate,
      learningPathId: path.id,
    });
  }
  for (const course of courses) if (removed.has(course.courseId)) course.removed = true;
  courses.sort(compareCourses);

  const counted = courses.filter(counts);
  const count = (status: ProgressCourse['status']) => counted.filter((course) => course.status === status).length;
  const byId = new Map(courses.map((course) => [course.courseId, course]));
  return {
    overallPercent: counted.length === 0 ? 0 : Math.round(counted.reduce((sum, course) => sum + course.percent, 0) / counted.length),
    completedCount: count('completed'),
    inProgressCount: count('in-progress'),
    pendingCount: count('pending'),
    hoursSpent: Math.round(openedCourses.reduce((sum, course) => sum + course.secondsSpent, 0) / 360) / 10,
    courses,
    skillsAcquired: [...skills],
    upcomingDeadlines: upcomingDeadlines(planned, byId, today),
    achievements: [...achievements],
    learningPath: paths[0] ? summarise(paths[0], byId) : null,
  };
}

/**
 * Every path's progress (by path id), counted exactly as the progress screen's path summary counts
 * the newest one.
 */
export function learningPathProgressOf(
  input: Pick<ProgressOverviewInput, 'openedCourses' | 'paths' | 'removed'>,
): Map<string, LearningPathProgress> {
  const { courses } = buildProgressOverview({ ...input, skills: [], achievements: [], today: '' });
  const byId = new Map(courses.map((course) => [course.courseId, course]));
  return new Map(
    input.paths.map((path) => {
      const { courseCount, completedCourseCount, percent } = summarise(path, byId);
      return [path.id, { courseCount, completedCourseCount, percent }];
    }),
  );
}

function fromOpened(
  course: OpenedCourse,
  plan: { path: { id: string }; course: LearningPath['courses'][number] } | undefined,
): ProgressCourse {
  const completed = course.completedAt !== null;
  return {
    courseId: course.courseId,
    title: course.title,
    titleAr: course.titleAr,
    description: course.description,
    duration: course.duration,
    estimatedHours: plan?.course.estimatedHours ?? null,
    level: course.level,
    status: completed ? 'completed' : 'in-progress',
    // A course completed before lessons were added to it stays completed: 100.
    percent: completed ? 100 : Math.min(99, Math.floor((course.completedLessons / course.totalLessons) * 100)),
    completedLessons: course.completedLessons,
    totalLessons: course.totalLessons,
    secondsSpent: course.secondsSpent,
    startedAt: course.startedAt.toISOString(),
    completedAt: course.completedAt?.toISOString() ?? null,
    dueDate: plan?.course.dueDate ?? null,
    learningPathId: plan?.path.id ?? null,
  };
}

/** In progress first, then pending by due date (undated last), then completed, newest first; removed ones last. */
function compareCourses(a: ProgressCourse, b: ProgressCourse): number {
  return (
    Number(!counts(a)) - Number(!counts(b)) ||
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    (a.status === 'completed' ? compareText(b.completedAt, a.completedAt) : compareText(a.dueDate, b.dueDate)) ||
    compareText(a.courseId, b.courseId)
  );
}

/** Nulls last; plain code-unit order, so ISO dates sort by time. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function upcomingDeadlines(
  planned: Map<string, { path: ProgressOverviewInput['paths'][number]; course: LearningPath['courses'][number] }>,
  courses: Map<string, ProgressCourse>,
  today: string,
): UpcomingDeadline[] {
  return [...planned]
    .filter(([courseId]) => courses.get(courseId)?.status !== 'completed' && !courses.get(courseId)?.removed)
    .map(([courseId, { path, course }]) => ({
      courseId,
      title: course.title,
      titleAr: course.titleAr,
      dueDate: course.dueDate,
      learningPathId: path.id,
      jobTitle: path.jobTitle,
      overdue: course.dueDate < today,
    }))
    .sort((a, b) => compareText(a.dueDate, b.dueDate) || compareText(a.courseId, b.courseId))
    .slice(0, UPCOMING_DEADLINES_SHOWN);
}

function summarise(path: ProgressOverviewInput['paths'][number], courses: Map<string, ProgressCourse>): LearningPathSummary {
  const stillCounted = path.courses.filter((course) => {
    const progress = courses.get(course.courseId);
    return !progress || counts(progress);
  });
  const percents = stillCounted.map((course) => courses.get(course.courseId)?.percent ?? 0);
  return {
    id: path.id,
    jobTitle: path.jobTitle,
    courseCount: stillCounted.length,
    completedCourseCount: stillCounted.filter((course) => courses.get(course.courseId)?.status === 'completed').length,
    skillsCovered: new Set(stillCounted.flatMap((course) => course.covers.map((skill) => skill.toLowerCase()))).size,
    months: Math.max(1, path.monthsNeeded),
    totalHours: path.totalHours,
    percent: percents.length === 0 ? 0 : Math.round(percents.reduce((sum, percent) => sum + percent, 0) / percents.length),
  };
}
