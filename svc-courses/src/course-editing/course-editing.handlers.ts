import {
  COURSE_EDITING_SUBJECTS,
  type Caller,
  CourseDetail,
  UpdateCourseRequest,
  updateCourseRequestSchema,
  UpdateLessonRequest,
  updateLessonRequestSchema,
} from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CourseEditingService } from './course-editing.service';

/** Admins only: the gateway lets only admins through (`@Roles('admin')`), and svc-courses checks the caller it names too. */
@Controller()
export class CourseEditingHandlers {
  constructor(private readonly editing: CourseEditingService) {}

  @MessagePattern(COURSE_EDITING_SUBJECTS.UPDATE_COURSE)
  updateCourse(@Payload(new ZodPayloadPipe(updateCourseRequestSchema)) request: UpdateCourseRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.editing.updateCourse(request);
  }

  @MessagePattern(COURSE_EDITING_SUBJECTS.UPDATE_LESSON)
  updateLesson(@Payload(new ZodPayloadPipe(updateLessonRequestSchema)) request: UpdateLessonRequest, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.editing.updateLesson(request);
  }
}
