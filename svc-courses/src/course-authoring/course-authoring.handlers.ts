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
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '@masar/contracts/service-kit';
import { CourseAuthoringService } from './course-authoring.service';

@Controller()
export class CourseAuthoringHandlers {
  constructor(private readonly authoring: CourseAuthoringService) {}

  @MessagePattern(COURSES_SUBJECTS.CREATE_COURSE)
  create(@Payload(new ZodPayloadPipe(createCourseRequestSchema)) request: CreateCourseRequest): Promise<CourseDetail> {
    return this.authoring.createCourse(request);
  }

  @MessagePattern(COURSES_SUBJECTS.ADD_MODULES)
  addModules(@Payload(new ZodPayloadPipe(addModulesRequestSchema)) request: AddModulesRequest): Promise<AddModulesReply> {
    return this.authoring.addModules(request);
  }
}
