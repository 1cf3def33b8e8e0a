import {
  learnerSkillsReplySchema,
  progressOverviewReplySchema,
  type AcquiredSkill,
  type Achievement,
  type LearningPathSummary,
  type ProgressCourse,
  type ProgressOverview,
  type UpcomingDeadline,
} from '@masar/contracts';
import { jsonResponse } from '@masar/shell/testing';

let sequence = 0;

function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** A course as `GET /api/progress` lists it: an opened course, halfway through. */
export function buildProgressCourse(overrides: Partial<ProgressCourse> = {}): ProgressCourse {
  return {
    courseId: nextId('20000000'),
    title: 'Negotiation Skills',
    titleAr: 'مهارات التفاوض',
    description: 'Prepare, open and close negotiations that leave both sides better off.',
    duration: '4 weeks',
    estimatedHours: 12,
    level: 'intermediate',
    status: 'in-progress',
    percent: 50,
    completedLessons: 4,
    totalLessons: 8,
    secondsSpent: 5400,
    startedAt: '2026-02-01T09:00:00.000Z',
    completedAt: null,
    dueDate: null,
    learningPathId: null,
    ...overrides,
  };
}

export function buildUpcomingDeadline(overrides: Partial<UpcomingDeadline> = {}): UpcomingDeadline {
  return {
    courseId: nextId('20000000'),
    title: 'SQL Fundamentals',
    titleAr: 'أساسيات SQL',
    dueDate: '2099-03-31',
    learningPathId: nextId('30000000'),
    jobTitle: 'Data Analyst',
    overdue: false,
    ...overrides,
  };
}

export function buildAchievement(overrides: Partial<Achievement> & Pick<Achievement, 'kind'>): Achievement {
  return {
    occurredAt: '2026-03-02T10:15:00.000Z',
    courseId: null,
    title: null,
    titleAr: null,
    skill: null,
    level: null,
    quarter: null,
    learningPathId: null,
    ...overrides,
  };
}

export function buildLearningPathSummary(overrides: Partial<LearningPathSummary> = {}): LearningPathSummary {
  return {
    id: nextId('30000000'),
    jobTitle: 'Data Analyst',
    courseCount: 5,
    completedCourseCount: 1,
    skillsCovered: 4,
    months: 6,
    totalHours: 80,
    percent: 20,
    ...overrides,
  };
}

export function buildAcquiredSkill(overrides: Partial<AcquiredSkill> = {}): AcquiredSkill {
  return {
    skill: 'Python',
    level: 'working',
    source: 'self-assessment',
    updatedAt: '2026-02-20T12:00:00.000Z',
    ...overrides,
  };
}

/** A learner who has not started anything: every figure a true zero. */
export function buildProgressOverview(overrides: Partial<ProgressOverview> = {}): ProgressOverview {
  return {
    overallPercent: 0,
    completedCount: 0,
    inProgressCount: 0,
    pendingCount: 0,
    hoursSpent: 0,
    courses: [],
    skillsAcquired: [],
    upcomingDeadlines: [],
    achievements: [],
    learningPath: null,
    ...overrides,
  };
}

/** `GET /api/progress`'s reply, checked against the contract so a fixture never drifts from it. */
export function progressOverviewReply(progress: ProgressOverview): Response {
  return jsonResponse(progressOverviewReplySchema.parse({ progress }));
}

/** `GET` and `PUT /api/learner-skills`' reply, checked against the contract. */
export function learnerSkillsReply(skills: AcquiredSkill[]): Response {
  return jsonResponse(learnerSkillsReplySchema.parse({ skills }));
}
