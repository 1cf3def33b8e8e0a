import {
  type AgentTaskReply,
  agentTaskReplySchema,
  QUALITY_REPORT_NOT_FOUND_MESSAGE,
  type QualityCoursePage,
  qualityCoursePageSchema,
  type QualityCoursesQuery,
  qualityCoursesQuerySchema,
  type QualityReport,
  qualityReportSchema,
  type QualitySummary,
  qualitySummarySchema,
  type StartQualityReviewBody,
  startQualityReviewBodySchema,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
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
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { QualityClient } from './quality.client';

const adminsOnly = ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' });
const coursesUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses did not answer' });

/** The Quality Assurance area (`/quality`), admins only: svc-courses checks the caller again. */
@ApiTags('quality')
@ApiCookieAuth()
@Controller('api/quality')
@Roles('admin')
export class QualityController {
  constructor(private readonly quality: QualityClient) {}

  @Get('summary')
  @ApiOperation({ summary: 'Courses reviewed, checks run, pass rate, failures by severity and by check, over each course’s latest review' })
  @ApiOkResponse({ schema: openApiSchemaOf(qualitySummarySchema) })
  @adminsOnly
  @coursesUnavailable
  summary(): Promise<QualitySummary> {
    return this.quality.summary();
  }

  @Get('courses')
  @ApiOperation({ summary: 'Reviewed courses with their latest review’s figures, worst first' })
  @ApiQueryFrom(qualityCoursesQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(qualityCoursePageSchema) })
  @adminsOnly
  @coursesUnavailable
  courses(@Query(new ZodValidationPipe(qualityCoursesQuerySchema)) query: QualityCoursesQuery): Promise<QualityCoursePage> {
    return this.quality.courses(query);
  }

  @Get('courses/:courseId')
  @ApiOperation({ summary: 'A course’s quality report: its latest review with every finding and the lessons they concern' })
  @ApiParam({ name: 'courseId', format: 'uuid' })
  @ApiOkResponse({ schema: openApiSchemaOf(qualityReportSchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'The course has not been reviewed (or the id is not a UUID)' })
  @adminsOnly
  @coursesUnavailable
  report(@Param('courseId', new NotFoundUnlessUuidPipe(QUALITY_REPORT_NOT_FOUND_MESSAGE)) courseId: string): Promise<QualityReport> {
    return this.quality.report(courseId);
  }

  @Post('reviews')
  @HttpCode(202)
  @ApiOperation({ summary: 'Start the Quality Assurance agent on one course, or on every course when courseId is absent' })
  @ApiBody({ schema: openApiSchemaOf(startQualityReviewBodySchema) })
  @ApiAcceptedResponse({ schema: openApiSchemaOf(agentTaskReplySchema), description: 'The review task, queued; follow it at /api/ai-agents/tasks/:id' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'courseId is not a course id, or names external training' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found' })
  @adminsOnly
  @coursesUnavailable
  startReview(@Body(new ZodValidationPipe(startQualityReviewBodySchema)) body: StartQualityReviewBody): Promise<AgentTaskReply> {
    return this.quality.startReview(body);
  }
}
