import {
  courseSummarySchema,
  learningPathCourseSchema,
  learningPathSchema,
  progressCourseSchema,
  progressOverviewSchema,
  skillGapSchema,
  type CourseSummary,
  type LearningPath,
  type LearningPathCourse,
  type ProgressCourse,
  type ProgressOverview,
  type SkillGap,
} from '@masar/contracts';

let sequence = 0;

function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

const LEARNER_ID = '10000000-0000-4000-8000-000000000001';

// Every factory parses its result with the contract's schema, so a fixture can never drift from
// what the gateway really answers.

export function buildSkillGap(overrides: Partial<SkillGap> = {}): SkillGap {
  return skillGapSchema.parse({
    skill: 'Python',
    skillAr: 'بايثون',
    category: 'technical',
    importance: 'required',
    currentLevel: 'none',
    targetLevel: 'working',
    priority: 'high',
    ...overrides,
  });
}

export function buildPathCourse(overrides: Partial<LearningPathCourse> = {}): LearningPathCourse {
  return learningPathCourseSchema.parse({
    courseId: nextId('20000000'),
    title: 'Python for Data Analysis',
    titleAr: 'بايثون لتحليل البيانات',
    abbreviation: 'PY-101',
    kind: 'internal',
    provider: null,
    url: null,
    level: 'beginner',
    estimatedHours: 20,
    covers: ['Python'],
    startMonth: 1,
    endMonth: 1,
    startDate: '2026-01-05',
    dueDate: '2026-02-02',
    ...overrides,
  });
}

/**
 * A Data Analyst's path at 5 hours a week: three courses over months 1 to 5 (the last one external),
 * Power BI taught by no course, milestones at the end of each quarter.
 */
export function buildLearningPath(overrides: Partial<LearningPath> = {}): LearningPath {
  // Intermediate courses take their skills to working, the level these gaps ask for, as the planner picks them.
  const python = buildPathCourse({ level: 'intermediate' });
  const sql = buildPathCourse({
    level: 'intermediate',
    title: 'SQL Fundamentals',
    titleAr: 'أساسيات SQL',
    abbreviation: 'SQL-101',
    estimatedHours: 15,
    covers: ['SQL'],
    startMonth: 1,
    endMonth: 2,
    startDate: '2026-02-02',
    dueDate: '2026-02-23',
  });
  const analytics = buildPathCourse({
    title: 'Google Data Analytics Professional Certificate',
    titleAr: null,
    abbreviation: 'GDA',
    kind: 'external',
    provider: 'Coursera',
    url: 'https://www.coursera.org/professional-certificates/google-data-analytics',
    level: 'intermediate',
    estimatedHours: 60,
    covers: ['Data Visualization', 'Statistics'],
    startMonth: 2,
    endMonth: 5,
    startDate: '2026-02-23',
    dueDate: '2026-05-18',
  });
  return learningPathSchema.parse({
    id: nextId('40000000'),
    userId: LEARNER_ID,
    jobDescriptionId: nextId('50000000'),
    jobTitle: 'Data Analyst',
    weeklyHours: 5,
    startDate: '2026-01-05',
    gaps: [
      buildSkillGap(),
      buildSkillGap({ skill: 'SQL', skillAr: undefined, currentLevel: 'basic', priority: 'medium' }),
      buildSkillGap({
        skill: 'Data Visualization',
        skillAr: 'تمثيل البيانات بصرياً',
        importance: 'nice-to-have',
        targetLevel: 'basic',
        priority: 'low',
      }),
      buildSkillGap({ skill: 'Statistics', skillAr: 'الإحصاء', category: 'functional' }),
      buildSkillGap({ skill: 'Power BI', skillAr: undefined, importance: 'nice-to-have', targetLevel: 'basic', priority: 'low' }),
    ],
    courses: [python, sql, analytics],
    milestones: [
      { quarter: 1, dueDate: '2026-04-05', courseIds: [python.courseId, sql.courseId], skills: ['Python', 'SQL'] },
      { quarter: 2, dueDate: '2026-07-05', courseIds: [analytics.courseId], skills: ['Data Visualization', 'Statistics'] },
      { quarter: 3, dueDate: '2026-10-05', courseIds: [], skills: [] },
      { quarter: 4, dueDate: '2027-01-05', courseIds: [], skills: [] },
    ],
    uncoveredSkills: ['Power BI'],
    totalHours: 95,
    monthsNeeded: 5,
    fit: { choice: 'fits', allCoursesHours: 95, weeklyHoursToFitAll: 1, proposedWeeklyHours: null, proposalLimit: 6, ramadanLoadFactor: 0.5, holyPeriods: [] },
    nextYear: { skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 },
    createdAt: '2026-01-05T09:30:00.000Z',
    updatedAt: '2026-01-05T09:30:00.000Z',
    ...overrides,
  });
}

/** `path` as svc-progress answers it once these of its courses were deleted from the catalog. */
export function withRemovedCourses(path: LearningPath, courseIds: readonly string[]): LearningPath {
  return learningPathSchema.parse({
    ...path,
    courses: path.courses.map((course) => (courseIds.includes(course.courseId) ? { ...course, removed: true } : course)),
  });
}

/** A course as `GET /api/courses?skill=` lists it. */
export function buildCourseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return courseSummarySchema.parse({
    id: nextId('20000000'),
    title: 'Data Visualization with Tableau',
    description: 'Build dashboards that answer business questions.',
    duration: '5 weeks',
    format: 'online',
    departmentOwner: 'Analytics',
    color: 'purple',
    abbreviation: 'VIZ-201',
    imageUrl: null,
    createdAt: '2026-01-01T08:00:00.000Z',
    titleAr: 'تمثيل البيانات بصرياً باستخدام Tableau',
    skills: ['Data Visualization'],
    level: 'intermediate',
    kind: 'internal',
    provider: null,
    url: null,
    estimatedHours: 25,
    ...overrides,
  });
}

/** What a path course looks like in the learner's progress. */
export function buildProgressCourse(course: LearningPathCourse, overrides: Partial<ProgressCourse> = {}): ProgressCourse {
  return progressCourseSchema.parse({
    courseId: course.courseId,
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
    learningPathId: null,
    ...overrides,
  });
}

/** `GET /api/progress` for a learner who has only just generated `path` (or has no path). */
export function buildProgressOverview(path: LearningPath | null, overrides: Partial<ProgressOverview> = {}): ProgressOverview {
  const courses = (path?.courses ?? []).map((course) => buildProgressCourse(course, { learningPathId: path?.id ?? null }));
  return progressOverviewSchema.parse({
    overallPercent: 0,
    completedCount: 0,
    inProgressCount: 0,
    pendingCount: courses.length,
    hoursSpent: 0,
    courses,
    skillsAcquired: [],
    upcomingDeadlines: [],
    achievements: [],
    learningPath: path && {
      id: path.id,
      jobTitle: path.jobTitle,
      courseCount: path.courses.length,
      completedCourseCount: 0,
      skillsCovered: new Set(path.courses.flatMap((course) => course.covers)).size,
      months: Math.max(1, path.monthsNeeded),
      totalHours: path.totalHours,
      percent: 0,
    },
    ...overrides,
  });
}
