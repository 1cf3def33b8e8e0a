import {
  type AddLessonRequest,
  addLessonRequestSchema,
  type AddModuleRequest,
  addModuleRequestSchema,
  type Caller,
  COURSE_STRUCTURE_SUBJECTS,
  type CourseDetail,
  type LessonRefRequest,
  lessonRefRequestSchema,
  type ModuleRefRequest,
  moduleRefRequestSchema,
  type MoveLessonRequest,
  moveLessonRequestSchema,
  type ReorderLessonsRequest,
  reorderLessonsRequestSchema,
  type ReorderModulesRequest,
  reorderModulesRequestSchema,
  type UpdateModuleRequest,
  updateModuleRequestSchema,
} from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CourseStructureService } from './course-structure.service';

/** A course's modules and lessons, changed by admins only: svc-courses refuses anyone else (403), whatever the gateway let through. */
@Controller()
export class CourseStructureHandlers {
  constructor(private readonly structure: CourseStructureService) {}

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.ADD_MODULE)
  addModule(@Payload(new ZodPayloadPipe(addModuleRequestSchema)) request: AddModuleRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.addModule(request, caller);
  }

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE)
  updateModule(@Payload(new ZodPayloadPipe(updateModuleRequestSchema)) request: UpdateModuleRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.updateModule(request, caller);
  }

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE)
  deleteModule(@Payload(new ZodPayloadPipe(moduleRefRequestSchema)) request: ModuleRefRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.deleteModule(request, caller);
  }

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES)
  reorderModules(
    @Payload(new ZodPayloadPipe(reorderModulesRequestSchema)) request: ReorderModulesRequest,
    @RequestCaller() caller: Caller,
  ): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.reorderModules(request, caller);
  }

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.ADD_LESSON)
  addLesson(@Payload(new ZodPayloadPipe(addLessonRequestSchema)) request: AddLessonRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.addLesson(request, caller);
  }

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON)
  deleteLesson(@Payload(new ZodPayloadPipe(lessonRefRequestSchema)) request: LessonRefRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.deleteLesson(request, caller);
  }

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.REORDER_LESSONS)
  reorderLessons(
    @Payload(new ZodPayloadPipe(reorderLessonsRequestSchema)) request: ReorderLessonsRequest,
    @RequestCaller() caller: Caller,
  ): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.reorderLessons(request, caller);
  }

  @MessagePattern(COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON)
  moveLesson(@Payload(new ZodPayloadPipe(moveLessonRequestSchema)) request: MoveLessonRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.structure.moveLesson(request, caller);
  }
}
