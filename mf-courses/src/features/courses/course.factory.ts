import type { CourseDetail, CourseModuleDetail, CourseSummary, LessonDetail, RecommendedCourse } from '@masar/contracts';

let sequence = 0;

function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** A course as `GET /api/courses` lists it. */
export function buildCourse(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: nextId('20000000'),
    title: 'Negotiation Skills',
    description: 'Prepare, open and close negotiations that leave both sides better off.',
    duration: '4 weeks',
    format: 'online',
    departmentOwner: 'Sales',
    color: 'blue',
    abbreviation: 'NS',
    imageUrl: null,
    createdAt: '2026-02-10T08:00:00.000Z',
    titleAr: 'مهارات التفاوض',
    descriptionAr: 'استعد للمفاوضات وافتتحها واختتمها بما يعود بالنفع على الطرفين.',
    objective: 'Plan and run a negotiation that reaches a durable agreement.',
    skills: ['Negotiation', 'Active Listening', 'Persuasion'],
    level: 'intermediate',
    category: 'Sales',
    language: 'en',
    kind: 'internal',
    provider: null,
    url: null,
    estimatedHours: 12,
    updatedAt: '2026-02-10T08:00:00.000Z',
    ...overrides,
  };
}

/** An external training entry: a provider's course that opens on its site. */
export function buildExternalCourse(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return buildCourse({
    title: 'Google Data Analytics Professional Certificate',
    titleAr: 'الشهادة المهنية في تحليل البيانات من Google',
    description: "Google's eight-course programme on preparing, cleaning, analysing and sharing data.",
    descriptionAr: 'برنامج من ثماني دورات تقدمه Google حول تجهيز البيانات وتنظيفها وتحليلها ومشاركتها.',
    abbreviation: 'GDA',
    color: 'green',
    kind: 'external',
    provider: 'Coursera',
    url: 'https://www.coursera.org/professional-certificates/google-data-analytics',
    duration: '6 months',
    level: 'beginner',
    category: 'Data Analysis',
    skills: ['Data Analysis', 'SQL', 'Tableau', 'R', 'Data Cleaning'],
    departmentOwner: 'External',
    objective: null,
    ...overrides,
  });
}

export function coursePage(items: CourseSummary[], { total = items.length, page = 1, pageSize = 12 } = {}) {
  return { items, total, page, pageSize };
}

export function buildLesson(overrides: Partial<LessonDetail> = {}): LessonDetail {
  return {
    id: nextId('30000000'),
    title: 'Preparing Your Position',
    duration: '20 min',
    type: 'reading',
    content:
      'Good negotiations are won before the meeting starts.\n\nWrite down your target, your walk-away point and the alternatives you have if no agreement is reached.',
    keyPoints: ['Know your walk-away point', 'Prepare alternatives'],
    activities: ['Write a one-page preparation sheet for your next negotiation.'],
    ...overrides,
  };
}

export function buildModule(overrides: Partial<CourseModuleDetail> = {}): CourseModuleDetail {
  return {
    id: nextId('40000000'),
    title: 'Preparation',
    description: 'What to know before you sit down at the table.',
    lessons: [buildLesson()],
    ...overrides,
  };
}

/** A course with its modules and lessons, as `GET /api/courses/:id` returns it. */
export function buildCourseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...buildCourse(),
    prerequisites: ['Basic business communication'],
    modules: [buildModule()],
    ...overrides,
  };
}

export function buildRecommendedCourse(
  coveredSkills: string[],
  coverage: number,
  overrides: Partial<CourseSummary> = {},
): RecommendedCourse {
  return { ...buildCourse(overrides), coveredSkills, coverage };
}
