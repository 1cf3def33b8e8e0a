import { CourseList, courseListSchema, COURSES_SUBJECTS, ListCoursesQuery, listCoursesQuerySchema } from '@masar/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiQueryFrom, openApiSchemaOf } from '../openapi/openapi-schema';
import { ServiceClient } from '../nats/service-client';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/** Courses belong to svc-courses; the gateway checks the query and forwards it. */
@ApiTags('courses')
@ApiCookieAuth()
@Controller('api/courses')
export class CoursesController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Courses, optionally filtered by a search text' })
  @ApiQueryFrom(listCoursesQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(courseListSchema) })
  list(@Query(new ZodValidationPipe(listCoursesQuerySchema)) query: ListCoursesQuery): Promise<CourseList> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.LIST_COURSES,
      payload: query,
      reply: courseListSchema,
    });
  }
}
