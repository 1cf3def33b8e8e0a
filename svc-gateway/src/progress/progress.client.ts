import {
  CourseProgress,
  courseProgressSchema,
  GetCourseProgressRequest,
  PROGRESS_SUBJECTS,
  RecordLessonProgressRequest,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** Everything the gateway asks svc-progress, each answer checked against its contract. */
@Injectable()
export class ProgressClient {
  constructor(private readonly services: ServiceClient) {}

  recordLessonProgress(request: RecordLessonProgressRequest): Promise<CourseProgress> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS,
      payload: request,
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
}
