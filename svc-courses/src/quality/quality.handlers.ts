import {
  type AgentTaskReply,
  type Caller,
  COURSES_SUBJECTS,
  type QualityCoursePage,
  type QualityCoursesQuery,
  qualityCoursesQuerySchema,
  type QualityReport,
  type QualityReportRequest,
  qualityReportRequestSchema,
  type QualitySummary,
  qualitySummaryRequestSchema,
  type StartQualityReviewBody,
  startQualityReviewBodySchema,
} from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { QualityReportsService } from './quality-reports.service';
import { QualityReviewService } from './quality-review.service';

/** The Quality Assurance agent's subjects: admins only, whatever the gateway let through. */
@Controller()
export class QualityHandlers {
  constructor(
    private readonly reviews: QualityReviewService,
    private readonly reports: QualityReportsService,
  ) {}

  @MessagePattern(COURSES_SUBJECTS.QUALITY_START_REVIEW)
  async startReview(
    @Payload(new ZodPayloadPipe(startQualityReviewBodySchema)) body: StartQualityReviewBody,
    @RequestCaller() caller: Caller,
  ): Promise<AgentTaskReply> {
    requireAdmin(caller);
    return { task: await this.reviews.startReview(caller, body.courseId) };
  }

  @MessagePattern(COURSES_SUBJECTS.QUALITY_SUMMARY)
  summary(@Payload(new ZodPayloadPipe(qualitySummaryRequestSchema)) _request: unknown, @RequestCaller() caller: Caller): Promise<QualitySummary> {
    requireAdmin(caller);
    return this.reports.summary();
  }

  @MessagePattern(COURSES_SUBJECTS.QUALITY_COURSES)
  courses(@Payload(new ZodPayloadPipe(qualityCoursesQuerySchema)) query: QualityCoursesQuery, @RequestCaller() caller: Caller): Promise<QualityCoursePage> {
    requireAdmin(caller);
    return this.reports.courses(query);
  }

  @MessagePattern(COURSES_SUBJECTS.QUALITY_REPORT)
  report(@Payload(new ZodPayloadPipe(qualityReportRequestSchema)) request: QualityReportRequest, @RequestCaller() caller: Caller): Promise<QualityReport> {
    requireAdmin(caller);
    return this.reports.report(request.courseId);
  }
}
