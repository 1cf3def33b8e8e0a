import {
  CourseCreationTask,
  COURSES_SUBJECTS,
  GetCourseCreationTaskRequest,
  getCourseCreationTaskRequestSchema,
  StartCourseCreationRequest,
  startCourseCreationRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { CreationTasksService } from './creation-tasks.service';

@Controller()
export class CreationTasksHandlers {
  constructor(private readonly tasks: CreationTasksService) {}

  @MessagePattern(COURSES_SUBJECTS.START_CREATION_TASK)
  start(@Payload(new ZodPayloadPipe(startCourseCreationRequestSchema)) request: StartCourseCreationRequest): Promise<CourseCreationTask> {
    return this.tasks.start(request);
  }

  @MessagePattern(COURSES_SUBJECTS.GET_CREATION_TASK)
  get(@Payload(new ZodPayloadPipe(getCourseCreationTaskRequestSchema)) request: GetCourseCreationTaskRequest): Promise<CourseCreationTask> {
    return this.tasks.get(request);
  }
}
