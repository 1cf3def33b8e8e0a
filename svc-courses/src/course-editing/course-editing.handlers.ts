import {
  COURSE_EDITING_SUBJECTS,
  CourseDetail,
  UpdateCourseRequest,
  updateCourseRequestSchema,
  UpdateLessonRequest,
  updateLessonRequestSchema,
} from '@masar/contracts';
import { ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CourseEditingService } from './course-editing.service';

/** Only the gateway may publish here, and it lets only admins through (deploy/nats/masar-nats.conf, `@Roles('admin')`). */
@Controller()
export class CourseEditingHandlers {
  constructor(private readonly editing: CourseEditingService) {}

  @MessagePattern(COURSE_EDITING_SUBJECTS.UPDATE_COURSE)
  updateCourse(@Payload(new ZodPayloadPipe(updateCourseRequestSchema)) request: UpdateCourseRequest): Promise<CourseDetail> {
    return this.editing.updateCourse(request);
  }

  @MessagePattern(COURSE_EDITING_SUBJECTS.UPDATE_LESSON)
  updateLesson(@Payload(new ZodPayloadPipe(updateLessonRequestSchema)) request: UpdateLessonRequest): Promise<CourseDetail> {
    return this.editing.updateLesson(request);
  }
}
