import {
  CourseCategoriesReply,
  CourseDetail,
  CourseIdPayload,
  courseIdSchema,
  CourseList,
  COURSES_SUBJECTS,
  DeleteCourseReply,
  ListCoursesQuery,
  listCoursesQuerySchema,
  RecommendCoursesBody,
  recommendCoursesBodySchema,
  RecommendCoursesReply,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { CoursesService } from './courses.service';

@Controller()
export class CoursesHandlers {
  constructor(private readonly courses: CoursesService) {}

  @MessagePattern(COURSES_SUBJECTS.LIST_COURSES)
  list(@Payload(new ZodPayloadPipe(listCoursesQuerySchema)) query: ListCoursesQuery): Promise<CourseList> {
    return this.courses.list(query);
  }

  @MessagePattern(COURSES_SUBJECTS.GET_COURSE)
  get(@Payload(new ZodPayloadPipe(courseIdSchema)) payload: CourseIdPayload, @Ctx() context: NatsContext): Promise<CourseDetail> {
    // AI labels and quiz answers are for admins; a learner (or a message naming nobody) gets the course without them.
    const isAdmin = callerOf(context)?.role === 'admin';
    return this.courses.get(payload.id, { aiLabels: isAdmin, quizAnswers: isAdmin });
  }

  @MessagePattern(COURSES_SUBJECTS.DELETE_COURSE)
  delete(@Payload(new ZodPayloadPipe(courseIdSchema)) payload: CourseIdPayload): Promise<DeleteCourseReply> {
    return this.courses.delete(payload.id);
  }

  @MessagePattern(COURSES_SUBJECTS.LIST_CATEGORIES)
  listCategories(): Promise<CourseCategoriesReply> {
    return this.courses.listCategories();
  }

  @MessagePattern(COURSES_SUBJECTS.RECOMMEND)
  recommend(
    @Payload(new ZodPayloadPipe(recommendCoursesBodySchema)) body: RecommendCoursesBody,
  ): Promise<RecommendCoursesReply> {
    return this.courses.recommend(body);
  }
}
