import {
  CourseProgressReply,
  courseProgressReplySchema,
  LESSON_NOT_IN_COURSE_MESSAGE,
  RecordLessonProgressBody,
  recordLessonProgressBodySchema,
  User,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/auth.decorators';
import { CourseIdPipe } from '../courses/course-id.pipe';
import { CoursesClient } from '../courses/courses.client';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { LessonIdPipe } from './lesson-id.pipe';
import { ProgressClient } from './progress.client';

const progressUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-progress did not answer' });

/**
 * The signed-in person's own progress: svc-progress records it; the gateway checks against
 * svc-courses that the lesson is one of the course's before anything is recorded.
 */
@ApiTags('progress')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/progress')
export class ProgressController {
  constructor(
    private readonly progress: ProgressClient,
    private readonly courses: CoursesClient,
  ) {}

  @Get('courses/:courseId')
  @ApiOperation({ summary: "The signed-in person's completed and started lessons of a course" })
  @ApiParam({ name: 'courseId', format: 'uuid' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseProgressReplySchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found (an id that is not a UUID)' })
  @progressUnavailable
  async getCourseProgress(@Param('courseId', CourseIdPipe) courseId: string, @CurrentUser() user: User): Promise<CourseProgressReply> {
    return { progress: await this.progress.getCourseProgress({ courseId, userId: user.id }) };
  }

  @Post('lessons/:lessonId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record that the signed-in person started or completed a lesson (completing twice counts once)' })
  @ApiParam({ name: 'lessonId', format: 'uuid' })
  @ApiBody({ schema: openApiSchemaOf(recordLessonProgressBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(courseProgressReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A field is missing or wrong' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: `Course not found, or ${LESSON_NOT_IN_COURSE_MESSAGE}` })
  @progressUnavailable
  async recordLessonProgress(
    @Param('lessonId', LessonIdPipe) lessonId: string,
    @Body(new ZodValidationPipe(recordLessonProgressBodySchema)) body: RecordLessonProgressBody,
    @CurrentUser() user: User,
  ): Promise<CourseProgressReply> {
    const course = await this.courses.get(body.courseId);
    const inCourse = course.modules.some((module) => module.lessons.some((lesson) => lesson.id === lessonId));
    if (!inCourse) throw new NotFoundException({ statusCode: 404, message: LESSON_NOT_IN_COURSE_MESSAGE });
    return { progress: await this.progress.recordLessonProgress({ ...body, lessonId, userId: user.id }) };
  }
}
