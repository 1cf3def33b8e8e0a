import {
  type AgentTask,
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  COURSES_SUBJECTS,
  type CourseDetail,
  describeValidationError,
  type ErrorReply,
  QUALITY_CHECKS,
  QUALITY_REPORT_NOT_FOUND_MESSAGE,
  QUALITY_SEVERITIES,
  qualityCoursesQuerySchema,
  type QualityReport,
  qualityReportRequestSchema,
  type QualitySummary,
  startQualityReviewBodySchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';

type Reply = { response: unknown } | { err: ErrorReply };

const ADMINS_ONLY: Reply = { err: { statusCode: 403, message: 'You do not have permission to do this' } };

/** params of COURSE_PROVIDER_STATES.COURSE_REVIEWED (see course-provider-states.ts). */
export interface ReviewedCourseStateParams {
  id: string;
  title: string;
  failedMessage: string;
}

/**
 * svc-courses' quality subjects as the gateway sees them, answered from reviews held in memory for
 * the courses of the svc-courses stand-in; admins only, like the real service.
 */
export class StandInQuality {
  readonly reports = new Map<string, QualityReport>();

  constructor(private readonly courses: Map<string, CourseDetail>) {}

  reset(): void {
    this.reports.clear();
  }

  /** COURSE_PROVIDER_STATES.COURSE_REVIEWED, for a course the stand-in already holds (one module, two lessons). */
  seedReview(course: CourseDetail, failedMessage: string): QualityReport {
    const module = course.modules[0];
    const finding = (lessonIndex: number, passed: boolean) => ({
      check: passed ? ('personal-data' as const) : ('placeholder-text' as const),
      passed,
      severity: passed ? ('critical' as const) : ('major' as const),
      moduleId: module.id,
      lessonId: module.lessons[lessonIndex].id,
      moduleTitle: module.title,
      lessonTitle: module.lessons[lessonIndex].title,
      message: passed ? `The lesson "${module.lessons[lessonIndex].title}" holds no email address or phone number.` : failedMessage,
    });
    const report: QualityReport = {
      reviewId: randomUUID(),
      courseId: course.id,
      courseTitle: course.title,
      taskId: null,
      reviewedAt: new Date().toISOString(),
      checksRun: 3,
      passed: 2,
      failed: 1,
      findings: [finding(0, false), finding(0, true), finding(1, true)],
    };
    this.reports.set(course.id, report);
    return report;
  }

  handlers(): Record<string, (data: unknown, caller: Caller | null) => Reply> {
    return {
      [COURSES_SUBJECTS.QUALITY_SUMMARY]: (_data, caller) => (caller?.role === 'admin' ? { response: this.summary() } : ADMINS_ONLY),
      [COURSES_SUBJECTS.QUALITY_COURSES]: (data, caller) => (caller?.role === 'admin' ? this.list(data) : ADMINS_ONLY),
      [COURSES_SUBJECTS.QUALITY_REPORT]: (data, caller) => (caller?.role === 'admin' ? this.report(data) : ADMINS_ONLY),
      [COURSES_SUBJECTS.QUALITY_START_REVIEW]: (data, caller) => (caller?.role === 'admin' ? this.startReview(data, caller) : ADMINS_ONLY),
    };
  }

  private summary(): QualitySummary {
    const reports = [...this.reports.values()];
    const findings = reports.flatMap((report) => report.findings);
    const checksRun = findings.length;
    const passed = findings.filter((finding) => finding.passed).length;
    return {
      coursesReviewed: reports.length,
      checksRun,
      passed,
      failed: checksRun - passed,
      passRate: checksRun === 0 ? null : Math.round((1000 * passed) / checksRun) / 10,
      bySeverity: Object.fromEntries(
        QUALITY_SEVERITIES.map((severity) => [severity, findings.filter((finding) => !finding.passed && finding.severity === severity).length]),
      ) as QualitySummary['bySeverity'],
      byCheck: QUALITY_CHECKS.map((check) => {
        const run = findings.filter((finding) => finding.check === check);
        const ok = run.filter((finding) => finding.passed).length;
        return { check, run: run.length, passed: ok, failed: run.length - ok };
      }),
      lastReviewedAt: reports.map((report) => report.reviewedAt).sort().pop() ?? null,
    };
  }

  private list(data: unknown): Reply {
    const parsed = qualityCoursesQuerySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { page, pageSize } = parsed.data;
    const rows = [...this.reports.values()].map((report) => {
      const failed = report.findings.filter((finding) => !finding.passed);
      const worst = QUALITY_SEVERITIES.find((severity) => failed.some((finding) => finding.severity === severity)) ?? null;
      const { courseId, courseTitle, reviewedAt, checksRun, passed } = report;
      return { courseId, courseTitle, reviewedAt, checksRun, passed, failed: report.failed, worstSeverity: worst };
    });
    return { response: { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize } };
  }

  private report(data: unknown): Reply {
    const parsed = qualityReportRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const report = this.reports.get(parsed.data.courseId);
    return report ? { response: report } : { err: { statusCode: 404, message: QUALITY_REPORT_NOT_FOUND_MESSAGE } };
  }

  /** A queued review task of the caller's, as svc-courses answers before any worker takes it. */
  private startReview(data: unknown, caller: Caller): Reply {
    const parsed = startQualityReviewBodySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const course = parsed.data.courseId ? this.courses.get(parsed.data.courseId) : undefined;
    if (parsed.data.courseId && !course) return { err: { statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE } };
    const now = new Date().toISOString();
    const task: AgentTask = {
      id: randomUUID(),
      title: course ? `Quality review: ${course.title}` : `Quality review of ${this.courses.size} courses`,
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
      logs: [{ at: now, message: 'Queued' }],
      result: null,
      createdBy: caller.id,
      createdAt: now,
      updatedAt: now,
    };
    return { response: { task } };
  }
}
