import { type Caller, type CourseDetail, type CourseIdPayload, courseIdSchema, COURSE_PUBLISHING_SUBJECTS } from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CoursePublishingService } from './course-publishing.service';

/** Admins only: the gateway lets only admins through, and svc-courses checks the caller it names too. */
@Controller()
export class CoursePublishingHandlers {
  constructor(private readonly publishing: CoursePublishingService) {}

  @MessagePattern(COURSE_PUBLISHING_SUBJECTS.PUBLISH)
  publish(@Payload(new ZodPayloadPipe(courseIdSchema)) payload: CourseIdPayload, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.publishing.publish(payload.id);
  }

  @MessagePattern(COURSE_PUBLISHING_SUBJECTS.UNPUBLISH)
  unpublish(@Payload(new ZodPayloadPipe(courseIdSchema)) payload: CourseIdPayload, @RequestCaller() caller: Caller): Promise<CourseDetail> {
    requireAdmin(caller);
    return this.publishing.unpublish(payload.id);
  }
}
