import {
  type CreateDefaultCoursesReply,
  createDefaultCoursesReplySchema,
  type CreateFromCategoriesBody,
  type CreateFromCategoriesReply,
  createFromCategoriesReplySchema,
  AddModulesReply,
  addModulesReplySchema,
  AddModulesRequest,
  CourseCreationTask,
  courseCreationTaskSchema,
  CreateCourseRequest,
  GetCourseCreationTaskRequest,
  StartCourseCreationRequest,
  CourseCategoriesReply,
  courseCategoriesReplySchema,
  CourseDetail,
  courseDetailSchema,
  CourseList,
  courseListSchema,
  CourseSearchQuery,
  CourseSearchResponse,
  courseSearchResponseSchema,
  COURSES_SUBJECTS,
  SearchPassage,
  searchPassageSchema,
  DeleteCourseReply,
  deleteCourseReplySchema,
  ListCoursesQuery,
  RecommendCoursesBody,
  RecommendCoursesReply,
  recommendCoursesReplySchema,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';

/** Everything the gateway asks svc-courses, each answer checked against its contract. */
@Injectable()
export class CoursesClient {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

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

  /** The answer may come from a language model: the extraction limit applies, not the lookup timeout. */
  search(query: CourseSearchQuery): Promise<CourseSearchResponse> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.SEARCH,
      payload: query,
      reply: courseSearchResponseSchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }

  /** A search result's whole text; svc-courses answers 404 for a passage the caller may not read. */
  searchPassage(id: string): Promise<SearchPassage> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.SEARCH_PASSAGE, payload: { id }, reply: searchPassageSchema });
  }

  /** svc-ai writes the new course's lessons: this waits COURSE_GENERATION_TIMEOUT_MS, not the lookup timeout. */
  create(request: CreateCourseRequest): Promise<CourseDetail> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.CREATE_COURSE,
      payload: request,
      reply: courseDetailSchema,
      timeoutMs: this.config.courseGenerationTimeoutMs,
    });
  }

  addModules(request: AddModulesRequest): Promise<AddModulesReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.ADD_MODULES,
      payload: request,
      reply: addModulesReplySchema,
      timeoutMs: this.config.courseGenerationTimeoutMs,
    });
  }

  startCreationTask(request: StartCourseCreationRequest): Promise<CourseCreationTask> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.START_CREATION_TASK,
      payload: request,
      reply: courseCreationTaskSchema,
    });
  }

  getCreationTask(request: GetCourseCreationTaskRequest): Promise<CourseCreationTask> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.GET_CREATION_TASK,
      payload: request,
      reply: courseCreationTaskSchema,
    });
  }

  startReadyAi(body: CreateFromCategoriesBody): Promise<CreateFromCategoriesReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.START_READY_AI,
      payload: body,
      reply: createFromCategoriesReplySchema,
    });
  }

  /** Seeding the whole starter catalog takes a few seconds: the course-writing limit applies. */
  createDefaults(): Promise<CreateDefaultCoursesReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.CREATE_DEFAULTS,
      payload: {},
      reply: createDefaultCoursesReplySchema,
      timeoutMs: this.config.courseGenerationTimeoutMs,
    });
  }
}
