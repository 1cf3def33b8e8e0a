import {
  type CourseReply,
  courseReplySchema,
  EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE,
  LAST_LESSON_MESSAGE,
  LESSON_ORDER_MISMATCH_MESSAGE,
  MODULE_ORDER_MISMATCH_MESSAGE,
  type MoveLessonBody,
  moveLessonBodySchema,
  type NewLessonBody,
  newLessonBodySchema,
  type NewModuleBody,
  newModuleBodySchema,
  type ReorderLessonsBody,
  reorderLessonsBodySchema,
  type ReorderModulesBody,
  reorderModulesBodySchema,
  type UpdateModuleBody,
  updateModuleBodySchema,
} from '@masar/contracts';
import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { CourseIdPipe } from '../courses/course-id.pipe';
import { ApiAdminCourseChanges, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { CourseStructureClient } from './course-structure.client';
import { EditedLessonIdPipe } from './lesson-id.pipe';
import { ModuleIdPipe } from './module-id.pipe';

/**
 * A course's modules and lessons (issue 14): admins add, change, delete, reorder and move them; every
 * answer is the whole course as it now is. svc-courses checks the caller and the ids again.
 * The `order` routes come before `:moduleId` ones: Express matches in the order routes are declared.
 */
@ApiAdminCourseChanges()
@ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
@ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema) })
@ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found, Module not found or Lesson not found (also one of another course)' })
@ApiConflictResponse({ schema: errorReplyOpenApi, description: `${EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE}; ${LAST_LESSON_MESSAGE}` })
@Controller('api/courses/:id')
export class CourseStructureController {
  constructor(private readonly structure: CourseStructureClient) {}

  @Post('modules')
  @HttpCode(201)
  @Roles('admin')
  @ApiOperation({ summary: 'Add a module after the last one: empty, or with its first lesson' })
  @ApiBody({ schema: openApiSchemaOf(newModuleBodySchema, 'input') })
  @ApiCreatedResponse({ schema: openApiSchemaOf(courseReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A missing title, a lesson the lesson form would refuse, or a 21st module' })
  async addModule(@Param('id', CourseIdPipe) courseId: string, @Body(new ZodValidationPipe(newModuleBodySchema)) module: NewModuleBody): Promise<CourseReply> {
    return { course: await this.structure.addModule({ courseId, module }) };
  }

  @Put('modules/order')
  @Roles('admin')
  @ApiOperation({ summary: "Put the course's modules in a new order: the full list of their ids" })
  @ApiBody({ schema: openApiSchemaOf(reorderModulesBodySchema, 'input') })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: MODULE_ORDER_MISMATCH_MESSAGE })
  async reorderModules(
    @Param('id', CourseIdPipe) courseId: string,
    @Body(new ZodValidationPipe(reorderModulesBodySchema)) body: ReorderModulesBody,
  ): Promise<CourseReply> {
    return { course: await this.structure.reorderModules({ courseId, ...body }) };
  }

  @Put('modules/:moduleId')
  @Roles('admin')
  @ApiOperation({ summary: "Change a module's title or description" })
  @ApiParam({ name: 'moduleId', format: 'uuid', description: 'One of the course’s modules' })
  @ApiBody({ schema: openApiSchemaOf(updateModuleBodySchema, 'input') })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Title is required, or nothing to change' })
  async updateModule(
    @Param('id', CourseIdPipe) courseId: string,
    @Param('moduleId', ModuleIdPipe) moduleId: string,
    @Body(new ZodValidationPipe(updateModuleBodySchema)) changes: UpdateModuleBody,
  ): Promise<CourseReply> {
    return { course: await this.structure.updateModule({ courseId, moduleId, changes }) };
  }

  @Delete('modules/:moduleId')
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a module with its lessons (a course keeps at least one lesson)' })
  @ApiParam({ name: 'moduleId', format: 'uuid', description: 'One of the course’s modules' })
  async deleteModule(@Param('id', CourseIdPipe) courseId: string, @Param('moduleId', ModuleIdPipe) moduleId: string): Promise<CourseReply> {
    return { course: await this.structure.deleteModule({ courseId, moduleId }) };
  }

  @Post('modules/:moduleId/lessons')
  @HttpCode(201)
  @Roles('admin')
  @ApiOperation({ summary: 'Add a lesson at the end of a module' })
  @ApiParam({ name: 'moduleId', format: 'uuid', description: 'One of the course’s modules' })
  @ApiBody({ schema: openApiSchemaOf(newLessonBodySchema, 'input') })
  @ApiCreatedResponse({ schema: openApiSchemaOf(courseReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: "A field the lesson form would refuse, with the form's message, or an 11th lesson" })
  async addLesson(
    @Param('id', CourseIdPipe) courseId: string,
    @Param('moduleId', ModuleIdPipe) moduleId: string,
    @Body(new ZodValidationPipe(newLessonBodySchema)) lesson: NewLessonBody,
  ): Promise<CourseReply> {
    return { course: await this.structure.addLesson({ courseId, moduleId, lesson }) };
  }

  @Put('modules/:moduleId/lessons/order')
  @Roles('admin')
  @ApiOperation({ summary: "Put a module's lessons in a new order: the full list of their ids" })
  @ApiParam({ name: 'moduleId', format: 'uuid', description: 'One of the course’s modules' })
  @ApiBody({ schema: openApiSchemaOf(reorderLessonsBodySchema, 'input') })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: LESSON_ORDER_MISMATCH_MESSAGE })
  async reorderLessons(
    @Param('id', CourseIdPipe) courseId: string,
    @Param('moduleId', ModuleIdPipe) moduleId: string,
    @Body(new ZodValidationPipe(reorderLessonsBodySchema)) body: ReorderLessonsBody,
  ): Promise<CourseReply> {
    return { course: await this.structure.reorderLessons({ courseId, moduleId, ...body }) };
  }

  @Delete('lessons/:lessonId')
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a lesson (a course keeps at least one lesson)' })
  @ApiParam({ name: 'lessonId', format: 'uuid', description: 'One of the course’s lessons' })
  async deleteLesson(@Param('id', CourseIdPipe) courseId: string, @Param('lessonId', EditedLessonIdPipe) lessonId: string): Promise<CourseReply> {
    return { course: await this.structure.deleteLesson({ courseId, lessonId }) };
  }

  @Put('lessons/:lessonId/module')
  @Roles('admin')
  @ApiOperation({ summary: 'Move a lesson into another module of the course (its id, and so progress, stays)' })
  @ApiParam({ name: 'lessonId', format: 'uuid', description: 'One of the course’s lessons' })
  @ApiBody({ schema: openApiSchemaOf(moveLessonBodySchema, 'input') })
  async moveLesson(
    @Param('id', CourseIdPipe) courseId: string,
    @Param('lessonId', EditedLessonIdPipe) lessonId: string,
    @Body(new ZodValidationPipe(moveLessonBodySchema)) body: MoveLessonBody,
  ): Promise<CourseReply> {
    return { course: await this.structure.moveLesson({ courseId, lessonId, ...body }) };
  }
}
