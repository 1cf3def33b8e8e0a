import {
  AddModulesReply,
  AddModulesRequest,
  addModulesRequestSchema,
  CourseDetail,
  COURSES_SUBJECTS,
  CreateCourseRequest,
  createCourseRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { CourseAuthoringService } from './course-authoring.service';

@Controller()
export class CourseAuthoringHandlers {
  constructor(private readonly authoring: CourseAuthoringService) {}

  @MessagePattern(COURSES_SUBJECTS.CREATE_COURSE)
  // The caller (when the gateway names one) is whom svc-ai writes for; the body's createdBy stays the course's owner.
  create(@Payload(new ZodPayloadPipe(createCourseRequestSchema)) request: CreateCourseRequest, @Ctx() context: NatsContext): Promise<CourseDetail> {
    return this.authoring.createCourse(request, callerOf(context));
  }

  @MessagePattern(COURSES_SUBJECTS.ADD_MODULES)
  addModules(@Payload(new ZodPayloadPipe(addModulesRequestSchema)) request: AddModulesRequest, @Ctx() context: NatsContext): Promise<AddModulesReply> {
    return this.authoring.addModules(request, callerOf(context));
  }
}
