import {
  type AddLessonRequest,
  type AddModuleRequest,
  COURSE_STRUCTURE_SUBJECTS,
  type CourseDetail,
  courseDetailSchema,
  type LessonRefRequest,
  type ModuleRefRequest,
  type MoveLessonRequest,
  type ReorderLessonsRequest,
  type ReorderModulesRequest,
  type UpdateModuleRequest,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

type StructureSubject = (typeof COURSE_STRUCTURE_SUBJECTS)[keyof typeof COURSE_STRUCTURE_SUBJECTS];

/** Admins' changes to a course's modules and lessons, answered by svc-courses with the whole course. */
@Injectable()
export class CourseStructureClient {
  constructor(private readonly services: ServiceClient) {}

  addModule(request: AddModuleRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE, request);
  }

  updateModule(request: UpdateModuleRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE, request);
  }

  deleteModule(request: ModuleRefRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, request);
  }

  reorderModules(request: ReorderModulesRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES, request);
  }

  addLesson(request: AddLessonRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, request);
  }

  deleteLesson(request: LessonRefRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, request);
  }

  reorderLessons(request: ReorderLessonsRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.REORDER_LESSONS, request);
  }

  moveLesson(request: MoveLessonRequest): Promise<CourseDetail> {
    return this.ask(COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON, request);
  }

  private ask(subject: StructureSubject, payload: unknown): Promise<CourseDetail> {
    return this.services.request({ service: 'courses', subject, payload, reply: courseDetailSchema });
  }
}
