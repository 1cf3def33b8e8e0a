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
import { seesDrafts } from '../course-publishing/course-visibility';
import { courseViewFor, CoursesService } from './courses.service';

@Controller()
export class CoursesHandlers {
  constructor(private readonly courses: CoursesService) {}

  @MessagePattern(COURSES_SUBJECTS.LIST_COURSES)
  list(@Payload(new ZodPayloadPipe(listCoursesQuerySchema)) query: ListCoursesQuery, @Ctx() context: NatsContext): Promise<CourseList> {
    return this.courses.list(query, { drafts: seesDrafts(callerOf(context)) });
  }

  @MessagePattern(COURSES_SUBJECTS.GET_COURSE)
  get(@Payload(new ZodPayloadPipe(courseIdSchema)) payload: CourseIdPayload, @Ctx() context: NatsContext): Promise<CourseDetail> {
    // AI labels, quiz answers, drafts and what needs work before publishing are for admins; a learner
    // (or a message naming nobody) gets a published course without them, and 404 for a draft.
    return this.courses.get(payload.id, courseViewFor(callerOf(context)));
  }

  @MessagePattern(COURSES_SUBJECTS.DELETE_COURSE)
  delete(@Payload(new ZodPayloadPipe(courseIdSchema)) payload: CourseIdPayload): Promise<DeleteCourseReply> {
    return this.courses.delete(payload.id);
  }

  @MessagePattern(COURSES_SUBJECTS.LIST_CATEGORIES)
  listCategories(@Ctx() context: NatsContext): Promise<CourseCategoriesReply> {
    return this.courses.listCategories({ drafts: seesDrafts(callerOf(context)) });
  }

  @MessagePattern(COURSES_SUBJECTS.RECOMMEND)
  recommend(
    @Payload(new ZodPayloadPipe(recommendCoursesBodySchema)) body: RecommendCoursesBody,
    @Ctx() context: NatsContext,
  ): Promise<RecommendCoursesReply> {
    return this.courses.recommend(body, { drafts: seesDrafts(callerOf(context)) });
  }
}
