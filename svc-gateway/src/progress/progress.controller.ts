import {
  CourseProgressReply,
  courseProgressReplySchema,
  LESSON_NOT_IN_COURSE_MESSAGE,
  PROGRESS_QUEUED_MESSAGE,
  ProgressOverviewReply,
  progressOverviewReplySchema,
  RecordLessonProgressBody,
  recordLessonProgressBodySchema,
  RecordLessonProgressReply,
  recordLessonProgressReplySchema,
  User,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
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
import type { Response } from 'express';
import { CurrentUser } from '../auth/auth.decorators';
import { CourseIdPipe } from '../courses/course-id.pipe';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { LessonIdPipe } from './lesson-id.pipe';
import { LessonCompletionRecorder } from './lesson-completion-recorder';
import { ProgressClient } from './progress.client';

const progressUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-progress did not answer' });

/**
 * The signed-in person's own progress: svc-progress records it; the gateway checks against
 * svc-courses that the lesson is one of the course's before anything is recorded, and puts each
 * report on the events stream first, so none is lost while svc-progress is away.
 */
@ApiTags('progress')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/progress')
export class ProgressController {
  constructor(
    private readonly progress: ProgressClient,
    private readonly recorder: LessonCompletionRecorder,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The signed-in person's progress: each course's status, overall %, hours, skills, deadlines and achievements",
  })
  @ApiOkResponse({ schema: openApiSchemaOf(progressOverviewReplySchema) })
  @progressUnavailable
  overview(): Promise<ProgressOverviewReply> {
    return this.progress.getOverview();
  }

  @Get('courses/:courseId')
  @ApiOperation({ summary: "The signed-in person's completed and started lessons of a course" })
  @ApiParam({ name: 'courseId', format: 'uuid' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseProgressReplySchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found (an id that is not a UUID)' })
  @progressUnavailable
  async getCourseProgress(@Param('courseId', CourseIdPipe) courseId: string): Promise<CourseProgressReply> {
    return { progress: await this.progress.getCourseProgress({ courseId }) };
  }

  @Post('lessons/:lessonId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record that the signed-in person started or completed a lesson (completing twice counts once)' })
  @ApiParam({ name: 'lessonId', format: 'uuid' })
  @ApiBody({ schema: openApiSchemaOf(recordLessonProgressBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(recordLessonProgressReplySchema), description: 'Recorded: the course progress after it' })
  @ApiAcceptedResponse({
    schema: openApiSchemaOf(recordLessonProgressReplySchema),
    description: `svc-progress is away: the report is kept on the event stream and recorded when it returns (${PROGRESS_QUEUED_MESSAGE})`,
  })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A field is missing or wrong' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: `Course not found, or ${LESSON_NOT_IN_COURSE_MESSAGE}` })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses or the event stream did not answer: nothing was saved' })
  async recordLessonProgress(
    @Param('lessonId', LessonIdPipe) lessonId: string,
    @Body(new ZodValidationPipe(recordLessonProgressBodySchema)) body: RecordLessonProgressBody,
    @CurrentUser() user: User,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RecordLessonProgressReply> {
    const recorded = await this.recorder.record(user.id, lessonId, body);
    if (recorded.queued) response.status(HttpStatus.ACCEPTED);
    return recorded.reply;
  }
}
