import {
  type AgentTaskReply,
  agentTaskReplySchema,
  COURSES_SUBJECTS,
  type QualityCoursePage,
  qualityCoursePageSchema,
  type QualityCoursesQuery,
  type QualityReport,
  qualityReportSchema,
  type QualitySummary,
  qualitySummarySchema,
  type StartQualityReviewBody,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** What the gateway asks svc-courses about quality reviews; the caller travels in the header. */
@Injectable()
export class QualityClient {
  constructor(private readonly services: ServiceClient) {}

  summary(): Promise<QualitySummary> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.QUALITY_SUMMARY, payload: {}, reply: qualitySummarySchema });
  }

  courses(query: QualityCoursesQuery): Promise<QualityCoursePage> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.QUALITY_COURSES, payload: query, reply: qualityCoursePageSchema });
  }

  report(courseId: string): Promise<QualityReport> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.QUALITY_REPORT, payload: { courseId }, reply: qualityReportSchema });
  }

  startReview(body: StartQualityReviewBody): Promise<AgentTaskReply> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.QUALITY_START_REVIEW, payload: body, reply: agentTaskReplySchema });
  }
}
