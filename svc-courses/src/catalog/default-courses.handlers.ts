import {
  type Caller,
  COURSES_SUBJECTS,
  type CreateDefaultCoursesReply,
  createDefaultCoursesRequestSchema,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DefaultCoursesService } from './default-courses.service';

@Controller()
export class DefaultCoursesHandlers {
  constructor(private readonly defaults: DefaultCoursesService) {}

  @MessagePattern(COURSES_SUBJECTS.CREATE_DEFAULTS)
  createDefaults(
    @Payload(new ZodPayloadPipe(createDefaultCoursesRequestSchema)) _request: unknown,
    @RequestCaller() caller: Caller,
  ): Promise<CreateDefaultCoursesReply> {
    return this.defaults.createDefaults(caller);
  }
}
