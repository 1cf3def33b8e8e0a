import { type CourseReply, courseReplySchema } from '@masar/contracts';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { CourseIdPipe } from '../courses/course-id.pipe';
import { ApiAdminCourseChanges, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { CoursePublishingClient } from './course-publishing.client';

/** Drafts and publishing (issue 14): admins only; svc-courses checks the caller again and decides whether the course is ready. */
@ApiAdminCourseChanges()
@ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found' })
@Controller('api/courses')
export class CoursePublishingController {
  constructor(private readonly publishing: CoursePublishingClient) {}

  @Post(':id/publish')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Publish a course: learners see it from now on. Refused while anything in it still needs work' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema) })
  @ApiConflictResponse({
    schema: errorReplyOpenApi,
    description: "'This course cannot be published yet: n things still need work' (the course's publication.problems list them)",
  })
  async publish(@Param('id', CourseIdPipe) id: string): Promise<CourseReply> {
    return { course: await this.publishing.publish(id) };
  }

  @Post(':id/unpublish')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Move a course back to a draft: learners no longer see it (their progress is kept)' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema) })
  async unpublish(@Param('id', CourseIdPipe) id: string): Promise<CourseReply> {
    return { course: await this.publishing.unpublish(id) };
  }
}
