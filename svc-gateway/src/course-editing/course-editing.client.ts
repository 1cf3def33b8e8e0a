import { COURSE_EDITING_SUBJECTS, type CourseDetail, courseDetailSchema, type UpdateCourseRequest, type UpdateLessonRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** Admins' edits of courses, answered by svc-courses. */
@Injectable()
export class CourseEditingClient {
  constructor(private readonly services: ServiceClient) {}

  updateCourse(request: UpdateCourseRequest): Promise<CourseDetail> {
    return this.services.request({ service: 'courses', subject: COURSE_EDITING_SUBJECTS.UPDATE_COURSE, payload: request, reply: courseDetailSchema });
  }

  updateLesson(request: UpdateLessonRequest): Promise<CourseDetail> {
    return this.services.request({ service: 'courses', subject: COURSE_EDITING_SUBJECTS.UPDATE_LESSON, payload: request, reply: courseDetailSchema });
  }
}
