import {
  CourseCategoriesReply,
  courseCategoriesReplySchema,
  CourseDetail,
  courseDetailSchema,
  CourseList,
  courseListSchema,
  COURSES_SUBJECTS,
  DeleteCourseReply,
  deleteCourseReplySchema,
  ListCoursesQuery,
  RecommendCoursesBody,
  RecommendCoursesReply,
  recommendCoursesReplySchema,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** Everything the gateway asks svc-courses, each answer checked against its contract. */
@Injectable()
export class CoursesClient {
  constructor(private readonly services: ServiceClient) {}

  list(query: ListCoursesQuery): Promise<CourseList> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.LIST_COURSES, payload: query, reply: courseListSchema });
  }

  get(id: string): Promise<CourseDetail> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.GET_COURSE, payload: { id }, reply: courseDetailSchema });
  }

  delete(id: string): Promise<DeleteCourseReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.DELETE_COURSE,
      payload: { id },
      reply: deleteCourseReplySchema,
    });
  }

  listCategories(): Promise<CourseCategoriesReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.LIST_CATEGORIES,
      payload: {},
      reply: courseCategoriesReplySchema,
    });
  }

  recommend(body: RecommendCoursesBody): Promise<RecommendCoursesReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.RECOMMEND,
      payload: body,
      reply: recommendCoursesReplySchema,
    });
  }
}
