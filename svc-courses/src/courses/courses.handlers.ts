import { COURSES_SUBJECTS, CourseList, ListCoursesQuery, listCoursesQuerySchema } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { CoursesService } from './courses.service';

@Controller()
export class CoursesHandlers {
  constructor(private readonly courses: CoursesService) {}

  @MessagePattern(COURSES_SUBJECTS.LIST_COURSES)
  list(@Payload(new ZodPayloadPipe(listCoursesQuerySchema)) query: ListCoursesQuery): Promise<CourseList> {
    return this.courses.list(query);
  }
}
