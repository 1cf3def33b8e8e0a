import { type Caller, COURSES_SUBJECTS, type StartCourseNarrationReply, type StartCourseNarrationRequest, startCourseNarrationRequestSchema } from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CourseNarrationService } from './course-narration.service';

/** Narrating a whole course: admins only, whatever the gateway let through. */
@Controller()
export class CourseNarrationHandlers {
  constructor(private readonly narration: CourseNarrationService) {}

  @MessagePattern(COURSES_SUBJECTS.START_COURSE_NARRATION)
  start(
    @Payload(new ZodPayloadPipe(startCourseNarrationRequestSchema)) request: StartCourseNarrationRequest,
    @RequestCaller() caller: Caller,
  ): Promise<StartCourseNarrationReply> {
    requireAdmin(caller);
    return this.narration.start(caller, request.id);
  }
}
