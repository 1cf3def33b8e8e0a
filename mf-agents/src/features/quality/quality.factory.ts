import { QUALITY_CHECKS, type AgentTask, type QualityCoursePage, type QualityReport, type QualitySummary } from '@masar/contracts';

export const REVIEWED_COURSE_ID = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
export const FLAGGED_LESSON_ID = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const MODULE_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

export function buildQualitySummary(overrides: Partial<QualitySummary> = {}): QualitySummary {
  return {
    coursesReviewed: 3,
    checksRun: 240,
    passed: 236,
    failed: 4,
    passRate: 98.3,
    bySeverity: { critical: 1, major: 2, minor: 1, info: 0 },
    byCheck: QUALITY_CHECKS.map((check) => ({ check, run: 24, passed: check === 'placeholder-text' ? 22 : 24, failed: check === 'placeholder-text' ? 2 : 0 })),
    lastReviewedAt: '2026-11-25T08:30:00.000Z',
    ...overrides,
  };
}

export function buildQualityCoursePage(): QualityCoursePage {
  return {
    items: [
      { courseId: REVIEWED_COURSE_ID, courseTitle: 'SQL for Reporting', reviewedAt: '2026-11-25T08:30:00.000Z', checksRun: 80, passed: 77, failed: 3, worstSeverity: 'critical' },
      { courseId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', courseTitle: 'Team Leadership Basics', reviewedAt: '2026-11-25T08:30:00.000Z', checksRun: 80, passed: 80, failed: 0, worstSeverity: null },
    ],
    total: 2,
    page: 1,
    pageSize: 10,
  };
}

export function buildQualityReport(): QualityReport {
  const onLesson = { moduleId: MODULE_ID, lessonId: FLAGGED_LESSON_ID, moduleTitle: 'Reading Tables', lessonTitle: 'Filtering Rows' };
  return {
    reviewId: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
    courseId: REVIEWED_COURSE_ID,
    courseTitle: 'SQL for Reporting',
    taskId: null,
    reviewedAt: '2026-11-25T08:30:00.000Z',
    checksRun: 3,
    passed: 1,
    failed: 2,
    findings: [
      { check: 'personal-data', passed: false, severity: 'critical', ...onLesson, message: 'The lesson "Filtering Rows" holds personal data: the email address fat…om.' },
      { check: 'structure', passed: false, severity: 'minor', moduleId: null, lessonId: null, moduleTitle: null, lessonTitle: null, message: 'The lessons add up to 3 hours, but the course says it takes 10 hours.' },
      { check: 'readability', passed: true, severity: 'minor', ...onLesson, message: 'The lesson "Filtering Rows" reads easily enough: Flesch reading ease 62.' },
    ],
  };
}

export function buildReviewTask(overrides: Partial<AgentTask> = {}): AgentTask {
  return {
    id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    title: 'Quality review: SQL for Reporting',
    type: 'quality-review',
    agent: 'quality-assurance',
    status: 'queued',
    progress: 0,
    currentStep: 'Waiting to start',
    canPause: false,
    canCancel: true,
    startTime: null,
    endTime: null,
    estimatedDuration: 20,
    error: null,
    logs: [{ at: '2026-11-25T08:30:00.000Z', message: 'Queued' }],
    result: null,
    createdBy: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
    createdAt: '2026-11-25T08:30:00.000Z',
    updatedAt: '2026-11-25T08:30:00.000Z',
    ...overrides,
  };
}
