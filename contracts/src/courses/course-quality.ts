import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from '../pagination';

/*
 * The Quality Assurance agent (issue 12): it reviews a course with the checks below and keeps
 * every review; the latest review of a course is that course's quality report.
 */

/** The checks a review runs; each yields results that pass or fail, with a severity. */
export const QUALITY_CHECKS = [
  'structure',
  'placeholder-text',
  'lesson-length',
  'duplicate-passages',
  'objective-coverage',
  'quiz-answers',
  'readability',
  'personal-data',
  'ai-instructions',
  'bilingual-parity',
  /** Only with a language model (svc-ai's `ai.quality.fact-check`); not run offline. */
  'factual-consistency',
] as const;
export type QualityCheck = (typeof QUALITY_CHECKS)[number];

/** Worst first. */
export const QUALITY_SEVERITIES = ['critical', 'major', 'minor', 'info'] as const;
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

/**
 * The id tasks started by Masar itself carry as their starter (the seed catalog's first review, the
 * review after a course is created for nobody in particular). No person has it; admins see those
 * tasks as they see every task.
 */
export const SYSTEM_CALLER_ID = '00000000-0000-4000-8000-000000000001';

/** What a review found: one result of one check, on the course or on one of its modules or lessons. */
export const qualityFindingSchema = z.object({
  check: z.enum(QUALITY_CHECKS),
  passed: z.boolean(),
  severity: z.enum(QUALITY_SEVERITIES),
  moduleId: z.string().uuid().nullable(),
  lessonId: z.string().uuid().nullable(),
  /** Titles for links on the report (null when the finding is about the whole course). */
  moduleTitle: z.string().nullable(),
  lessonTitle: z.string().nullable(),
  /** A sentence a person understands, in English. */
  message: z.string(),
});
export type QualityFinding = z.infer<typeof qualityFindingSchema>;

const severityCountsSchema = z.object(
  Object.fromEntries(QUALITY_SEVERITIES.map((severity) => [severity, z.number().int().nonnegative()])) as Record<
    QualitySeverity,
    z.ZodNumber
  >,
);
export type QualitySeverityCounts = z.infer<typeof severityCountsSchema>;

/** `courses.quality.summary` and `GET /api/quality/summary`: over each course's latest review. */
export const qualitySummarySchema = z.object({
  coursesReviewed: z.number().int().nonnegative(),
  checksRun: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Percent of checks passed, one decimal; null before any review. */
  passRate: z.number().min(0).max(100).nullable(),
  /** Failed checks by severity. */
  bySeverity: severityCountsSchema,
  /** Every check with how often it ran, passed and failed, in QUALITY_CHECKS order. */
  byCheck: z.array(
    z.object({
      check: z.enum(QUALITY_CHECKS),
      run: z.number().int().nonnegative(),
      passed: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
    }),
  ),
  lastReviewedAt: z.string().nullable(),
});
export type QualitySummary = z.infer<typeof qualitySummarySchema>;

export const qualitySummaryRequestSchema = z.object({});

/** `GET /api/quality/courses?page=&pageSize=`: reviewed courses, most problems first. */
export const qualityCoursesQuerySchema = paginationQuerySchema;
export type QualityCoursesQuery = z.infer<typeof qualityCoursesQuerySchema>;

export const qualityCourseRowSchema = z.object({
  courseId: z.string().uuid(),
  courseTitle: z.string(),
  reviewedAt: z.string(),
  checksRun: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** The severity of its worst failed check; null when everything passed. */
  worstSeverity: z.enum(QUALITY_SEVERITIES).nullable(),
});
export type QualityCourseRow = z.infer<typeof qualityCourseRowSchema>;

export const qualityCoursePageSchema = paginatedSchema(qualityCourseRowSchema);
export type QualityCoursePage = z.infer<typeof qualityCoursePageSchema>;

/** `courses.quality.report {courseId}` and `GET /api/quality/courses/:courseId`. */
export const qualityReportRequestSchema = z.object({ courseId: z.uuid({ error: 'Invalid course id' }) });
export type QualityReportRequest = z.infer<typeof qualityReportRequestSchema>;

export const qualityReportSchema = z.object({
  reviewId: z.string().uuid(),
  courseId: z.string().uuid(),
  courseTitle: z.string(),
  /** The review task that wrote it (null if that task is gone). */
  taskId: z.string().uuid().nullable(),
  reviewedAt: z.string(),
  checksRun: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Failed findings first, worst first, then in course order. */
  findings: z.array(qualityFindingSchema),
});
export type QualityReport = z.infer<typeof qualityReportSchema>;

/** `POST /api/quality/reviews {courseId?}` and `courses.quality.start-review`: all internal courses when absent. */
export const startQualityReviewBodySchema = z.object({
  courseId: z.uuid({ error: 'courseId must be a course id' }).optional(),
});
export type StartQualityReviewBody = z.infer<typeof startQualityReviewBodySchema>;

export const QUALITY_REPORT_NOT_FOUND_MESSAGE = 'This course has not been reviewed yet';
export const NOTHING_TO_REVIEW_MESSAGE = 'There are no courses with lessons to review';
export const EXTERNAL_COURSE_REVIEW_MESSAGE = 'External training links to a provider and has no lessons of its own to review';
