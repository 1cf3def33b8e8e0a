import {
  CourseCategoriesReply,
  courseCategoriesReplySchema,
  CourseList,
  courseListSchema,
  CourseReply,
  courseReplySchema,
  DeleteCourseHttpReply,
  deleteCourseHttpReplySchema,
  ListCoursesQuery,
  listCoursesQuerySchema,
  RecommendCoursesBody,
  recommendCoursesBodySchema,
  RecommendCoursesReply,
  recommendCoursesReplySchema,
} from '@masar/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { CourseIdPipe } from './course-id.pipe';
import { CoursesClient } from './courses.client';
import { RecommendCoursesBodyPipe } from './recommend-courses-body.pipe';

const courseIdParam = ApiParam({ name: 'id', format: 'uuid', description: 'The course id' });
const notFound = ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found (also for an id that is not a UUID)' });
const coursesUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses did not answer' });

/**
 * Courses belong to svc-courses: the gateway checks each request against the contracts and
 * forwards it. Every route needs a session; deleting needs an admin.
 */
@ApiTags('courses')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/courses')
export class CoursesController {
  constructor(private readonly courses: CoursesClient) {}

  @Get()
  @ApiOperation({ summary: 'Courses, newest first, optionally filtered by title, skill, category, level or kind' })
  @ApiQueryFrom(listCoursesQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(courseListSchema) })
  @coursesUnavailable
  list(@Query(new ZodValidationPipe(listCoursesQuerySchema)) query: ListCoursesQuery): Promise<CourseList> {
    return this.courses.list(query);
  }

  // Declared before `:id`, so "categories" is never read as a course id.
  @Get('categories')
  @ApiOperation({ summary: 'The eleven Ready AI categories, each with its catalog courses (an empty list when none)' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseCategoriesReplySchema) })
  @coursesUnavailable
  listCategories(): Promise<CourseCategoriesReply> {
    return this.courses.listCategories();
  }

  @Post('recommend')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Courses ranked by how many of the skills they cover (ignoring case), with the skills each covers; at most 20',
  })
  @ApiBody({ schema: openApiSchemaOf(recommendCoursesBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(recommendCoursesReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Please provide at least one skill' })
  @coursesUnavailable
  recommend(@Body(RecommendCoursesBodyPipe) body: RecommendCoursesBody): Promise<RecommendCoursesReply> {
    return this.courses.recommend(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One course with its modules and their lessons, in course order' })
  @courseIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema) })
  @notFound
  @coursesUnavailable
  async get(@Param('id', CourseIdPipe) id: string): Promise<CourseReply> {
    return { course: await this.courses.get(id) };
  }

  @Delete(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a course with its modules and lessons (admins only)' })
  @courseIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(deleteCourseHttpReplySchema) })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @notFound
  @coursesUnavailable
  async delete(@Param('id', CourseIdPipe) id: string): Promise<DeleteCourseHttpReply> {
    return { deleted: true, ...(await this.courses.delete(id)) };
  }
}
