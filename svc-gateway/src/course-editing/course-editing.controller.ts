import {
  type CourseReply,
  courseReplySchema,
  EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE,
  type UpdateCourseBody,
  updateCourseBodySchema,
  type UpdateLessonBody,
  updateLessonBodySchema,
} from '@masar/contracts';
import { Body, Controller, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { CourseIdPipe } from '../courses/course-id.pipe';
import { EditedLessonIdPipe } from './lesson-id.pipe';
import { ApiAdminCourseChanges, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { CourseEditingClient } from './course-editing.client';

/** Editing a course after it was made (issue 14): admins only; svc-courses checks the rest again. */
@ApiAdminCourseChanges()
@Controller('api/courses')
export class CourseEditingController {
  constructor(private readonly editing: CourseEditingClient) {}

  @Put(':id')
  @Roles('admin')
  @ApiOperation({ summary: "Change a course's fields (any of the create form's, prerequisites, Arabic title and description)" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiBody({ schema: openApiSchemaOf(updateCourseBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: "A field the create form would refuse, with the form's message" })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE })
  async updateCourse(
    @Param('id', CourseIdPipe) id: string,
    @Body(new ZodValidationPipe(updateCourseBodySchema)) changes: UpdateCourseBody,
  ): Promise<CourseReply> {
    return { course: await this.editing.updateCourse({ id, changes }) };
  }

  @Put(':id/lessons/:lessonId')
  @Roles('admin')
  @ApiOperation({ summary: "Change one lesson's fields in place (its id, and so learners' progress, stays)" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiParam({ name: 'lessonId', format: 'uuid', description: 'One of the course’s lessons' })
  @ApiBody({ schema: openApiSchemaOf(updateLessonBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A field that is missing, too long or of the wrong kind' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found, or Lesson not found (also a lesson of another course)' })
  async updateLesson(
    @Param('id', CourseIdPipe) courseId: string,
    @Param('lessonId', EditedLessonIdPipe) lessonId: string,
    @Body(new ZodValidationPipe(updateLessonBodySchema)) changes: UpdateLessonBody,
  ): Promise<CourseReply> {
    return { course: await this.editing.updateLesson({ courseId, lessonId, changes }) };
  }
}
