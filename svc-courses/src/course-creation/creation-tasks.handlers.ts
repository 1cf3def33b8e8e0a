import {
  type Caller,
  CourseCreationTask,
  COURSES_SUBJECTS,
  GetCourseCreationTaskRequest,
  getCourseCreationTaskRequestSchema,
  StartCourseCreationRequest,
  startCourseCreationRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { CreationTasksService } from './creation-tasks.service';

/** Who starts or follows a task is the caller the gateway names in the header, never a body field. */
@Controller()
export class CreationTasksHandlers {
  constructor(private readonly tasks: CreationTasksService) {}

  @MessagePattern(COURSES_SUBJECTS.START_CREATION_TASK)
  start(
    @Payload(new ZodPayloadPipe(startCourseCreationRequestSchema)) request: StartCourseCreationRequest,
    @RequestCaller() caller: Caller,
  ): Promise<CourseCreationTask> {
    return this.tasks.start(caller, request);
  }

  @MessagePattern(COURSES_SUBJECTS.GET_CREATION_TASK)
  get(
    @Payload(new ZodPayloadPipe(getCourseCreationTaskRequestSchema)) request: GetCourseCreationTaskRequest,
    @RequestCaller() caller: Caller,
  ): Promise<CourseCreationTask> {
    return this.tasks.get(caller, request);
  }
}
