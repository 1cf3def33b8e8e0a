import { type CourseDetail, courseDetailSchema, LESSON_VIDEO_SUBJECTS, type SetLessonVideoRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** A video lesson's link or upload, kept by svc-courses (admins only). */
@Injectable()
export class LessonVideoClient {
  constructor(private readonly services: ServiceClient) {}

  setVideo(request: SetLessonVideoRequest): Promise<CourseDetail> {
    return this.services.request({ service: 'courses', subject: LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO, payload: request, reply: courseDetailSchema });
  }
}
