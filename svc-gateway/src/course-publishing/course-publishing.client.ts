import { COURSE_PUBLISHING_SUBJECTS, type CourseDetail, courseDetailSchema } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** Publishing courses and moving them back to drafts, answered by svc-courses. */
@Injectable()
export class CoursePublishingClient {
  constructor(private readonly services: ServiceClient) {}

  publish(id: string): Promise<CourseDetail> {
    return this.services.request({ service: 'courses', subject: COURSE_PUBLISHING_SUBJECTS.PUBLISH, payload: { id }, reply: courseDetailSchema });
  }

  unpublish(id: string): Promise<CourseDetail> {
    return this.services.request({ service: 'courses', subject: COURSE_PUBLISHING_SUBJECTS.UNPUBLISH, payload: { id }, reply: courseDetailSchema });
  }
}
