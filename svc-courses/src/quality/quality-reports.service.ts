import {
  QUALITY_CHECKS,
  QUALITY_REPORT_NOT_FOUND_MESSAGE,
  QUALITY_SEVERITIES,
  type QualityCheck,
  type QualityCoursePage,
  type QualityCoursesQuery,
  type QualityReport,
  type QualitySeverity,
  type QualitySummary,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Each course's latest review (its report); older reviews stay in the table. */
const LATEST_REVIEWS = `SELECT DISTINCT ON ("course_id") * FROM "courses"."quality_reviews" ORDER BY "course_id", "reviewed_at" DESC, "id" DESC`;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** What the quality page reads: figures, the reviewed courses and each one's report. */
@Injectable()
export class QualityReportsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(): Promise<QualitySummary> {
    const [totals] = await this.dataSource.query<
      Array<{ courses: string; checks: string; passed: string; failed: string; last: Date | null }>
    >(
      `WITH latest AS (${LATEST_REVIEWS})
       SELECT count(*) AS courses, coalesce(sum("checks_run"), 0) AS checks, coalesce(sum("passed"), 0) AS passed,
              coalesce(sum("failed"), 0) AS failed, max("reviewed_at") AS last
         FROM latest`,
    );
    const byCheckRows = await this.dataSource.query<Array<{ check: QualityCheck; run: string; passed: string }>>(
      `WITH latest AS (${LATEST_REVIEWS})
       SELECT f."check", count(*) AS run, count(*) FILTER (WHERE f."passed") AS passed
         FROM latest JOIN "courses"."quality_findings" f ON f."review_id" = latest."id"
        GROUP BY f."check"`,
    );
    const severityRows = await this.dataSource.query<Array<{ severity: QualitySeverity; count: string }>>(
      `WITH latest AS (${LATEST_REVIEWS})
       SELECT f."severity", count(*) AS count
         FROM latest JOIN "courses"."quality_findings" f ON f."review_id" = latest."id"
        WHERE NOT f."passed" GROUP BY f."severity"`,
    );
    const checksRun = Number(totals.checks);
    const passed = Number(totals.passed);
    const byCheck = new Map(byCheckRows.map((row) => [row.check, row]));
    const bySeverity = new Map(severityRows.map((row) => [row.severity, Number(row.count)]));
    return {
      coursesReviewed: Number(totals.courses),
      checksRun,
      passed,
      failed: Number(totals.failed),
      passRate: checksRun === 0 ? null : Math.round((1000 * passed) / checksRun) / 10,
      bySeverity: Object.fromEntries(QUALITY_SEVERITIES.map((severity) => [severity, bySeverity.get(severity) ?? 0])) as QualitySummary['bySeverity'],
      byCheck: QUALITY_CHECKS.map((check) => {
        const row = byCheck.get(check);
        const run = Number(row?.run ?? 0);
        const checkPassed = Number(row?.passed ?? 0);
        return { check, run, passed: checkPassed, failed: run - checkPassed };
      }),
      lastReviewedAt: totals.last ? iso(totals.last) : null,
    };
  }

  /** Reviewed courses, worst first: by their worst failed severity, then by how many checks failed. */
  async courses(query: QualityCoursesQuery): Promise<QualityCoursePage> {
    const rows = await this.dataSource.query<
      Array<{ course_id: string; title: string; reviewed_at: Date; checks_run: number; passed: number; failed: number; worst: QualitySeverity | null; total: string }>
    >(
      `WITH latest AS (${LATEST_REVIEWS})
       SELECT latest."course_id", c."title", latest."reviewed_at", latest."checks_run", latest."passed", latest."failed",
              (SELECT min(f."severity") FROM "courses"."quality_findings" f WHERE f."review_id" = latest."id" AND NOT f."passed") AS worst,
              count(*) OVER () AS total
         FROM latest JOIN "courses"."courses" c ON c."id" = latest."course_id"
        ORDER BY worst ASC NULLS LAST, latest."failed" DESC, c."title", latest."course_id"
        LIMIT $1 OFFSET $2`,
      [query.pageSize, (query.page - 1) * query.pageSize],
    );
    const total = rows.length > 0 ? Number(rows[0].total) : await this.countReviewedCourses();
    return {
      items: rows.map((row) => ({
        courseId: row.course_id,
        courseTitle: row.title,
        reviewedAt: iso(row.reviewed_at),
        checksRun: row.checks_run,
        passed: row.passed,
        failed: row.failed,
        worstSeverity: row.worst,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The course's latest review with every finding: failed first, worst first, then in course order. */
  async report(courseId: string): Promise<QualityReport> {
    const [review] = await this.dataSource.query<
      Array<{ id: string; course_id: string; title: string; task_id: string | null; reviewed_at: Date; checks_run: number; passed: number; failed: number }>
    >(
      `SELECT r."id", r."course_id", c."title", r."task_id", r."reviewed_at", r."checks_run", r."passed", r."failed"
         FROM "courses"."quality_reviews" r JOIN "courses"."courses" c ON c."id" = r."course_id"
        WHERE r."course_id" = $1 ORDER BY r."reviewed_at" DESC, r."id" DESC LIMIT 1`,
      [courseId],
    );
    if (!review) throw rpcError(404, QUALITY_REPORT_NOT_FOUND_MESSAGE);
    const findings = await this.dataSource.query<
      Array<{ check: QualityCheck; passed: boolean; severity: QualitySeverity; module_id: string | null; lesson_id: string | null; module_title: string | null; lesson_title: string | null; message: string }>
    >(
      `SELECT f."check", f."passed", f."severity", f."module_id", f."lesson_id", m."title" AS module_title, l."title" AS lesson_title, f."message"
         FROM "courses"."quality_findings" f
         LEFT JOIN "courses"."modules" m ON m."id" = f."module_id"
         LEFT JOIN "courses"."lessons" l ON l."id" = f."lesson_id"
        WHERE f."review_id" = $1
        ORDER BY f."passed", f."severity", f."position"`,
      [review.id],
    );
    return {
      reviewId: review.id,
      courseId: review.course_id,
      courseTitle: review.title,
      taskId: review.task_id,
      reviewedAt: iso(review.reviewed_at),
      checksRun: review.checks_run,
      passed: review.passed,
      failed: review.failed,
      findings: findings.map((finding) => ({
        check: finding.check,
        passed: finding.passed,
        severity: finding.severity,
        moduleId: finding.module_id,
        lessonId: finding.lesson_id,
        moduleTitle: finding.module_title,
        lessonTitle: finding.lesson_title,
        message: finding.message,
      })),
    };
  }

  private async countReviewedCourses(): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ count: string }>>(`SELECT count(DISTINCT "course_id") AS count FROM "courses"."quality_reviews"`);
    return Number(row.count);
  }
}
