import {
  CourseProgress,
  courseProgressSchema,
  GetCourseProgressRequest,
  LearnerSkillsReply,
  learnerSkillsReplySchema,
  LessonProgressReportedEvent,
  LTI_GRADES_SUBJECTS,
  PROGRESS_SUBJECTS,
  RememberLtiLineItemReply,
  rememberLtiLineItemReplySchema,
  RememberLtiLineItemRequest,
  ProgressAdminStats,
  progressAdminStatsSchema,
  ProgressOverviewReply,
  progressOverviewReplySchema,
  SaveSelfAssessmentRequest,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** Everything the gateway asks svc-progress, each answer checked against its contract. */
@Injectable()
export class ProgressClient {
  constructor(private readonly services: ServiceClient) {}

  /** Where a launched learner's score for a course goes in their LMS (LTI grade passback). */
  rememberLtiLineItem(request: RememberLtiLineItemRequest): Promise<RememberLtiLineItemReply> {
    return this.services.request({
      service: 'progress',
      subject: LTI_GRADES_SUBJECTS.REMEMBER_LINE_ITEM,
      payload: request,
      reply: rememberLtiLineItemReplySchema,
    });
  }

  recordLessonProgress(report: LessonProgressReportedEvent): Promise<CourseProgress> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS,
      payload: report,
      reply: courseProgressSchema,
    });
  }

  getCourseProgress(request: GetCourseProgressRequest): Promise<CourseProgress> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.GET_COURSE_PROGRESS,
      payload: request,
      reply: courseProgressSchema,
    });
  }

  /** The signed-in learner's (the caller header names them), as every call here but the lesson report. */
  getOverview(): Promise<ProgressOverviewReply> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW,
      payload: {},
      reply: progressOverviewReplySchema,
    });
  }

  listLearnerSkills(): Promise<LearnerSkillsReply> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS,
      payload: {},
      reply: learnerSkillsReplySchema,
    });
  }

  saveSelfAssessment(request: SaveSelfAssessmentRequest): Promise<LearnerSkillsReply> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT,
      payload: request,
      reply: learnerSkillsReplySchema,
    });
  }

  /** svc-progress answers only an admin caller (the header the service client sets). */
  adminStats(): Promise<ProgressAdminStats> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.GET_ADMIN_STATS,
      payload: {},
      reply: progressAdminStatsSchema,
    });
  }
}
