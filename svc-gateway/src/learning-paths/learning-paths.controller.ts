import {
  DeleteLearningPathReply,
  deleteLearningPathReplySchema,
  GenerateLearningPathBody,
  generateLearningPathBodySchema,
  LEARNING_PATH_NOT_FOUND_MESSAGE,
  LearningPathList,
  learningPathListSchema,
  LearningPathReply,
  learningPathReplySchema,
  UpdateLearningPathBody,
  updateLearningPathBodySchema,
} from '@masar/contracts';
import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { LearningPathIdPipe } from './learning-path-id.pipe';
import { LearningPathsClient } from './learning-paths.client';

const progressUnavailable = ApiServiceUnavailableResponse({
  schema: errorReplyOpenApi,
  description: 'svc-progress (or svc-courses, which it asks for the catalog) did not answer',
});
const pathNotFound = ApiNotFoundResponse({ schema: errorReplyOpenApi, description: LEARNING_PATH_NOT_FOUND_MESSAGE });

/** The signed-in person's own learning paths: svc-progress plans and keeps them. */
@ApiTags('learning-paths')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/learning-paths')
export class LearningPathsController {
  constructor(private readonly learningPaths: LearningPathsClient) {}

  @Post('generate')
  @ApiOperation({
    summary: 'Plan a 12-month path from confirmed skills: the gaps, the cheapest courses closing them (internal first), monthly schedule and quarterly milestones',
  })
  @ApiBody({ schema: openApiSchemaOf(generateLearningPathBodySchema, 'input') })
  @ApiCreatedResponse({ schema: openApiSchemaOf(learningPathReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A field is missing or wrong' })
  @progressUnavailable
  generate(
    @Body(new ZodValidationPipe(generateLearningPathBodySchema)) body: GenerateLearningPathBody,
  ): Promise<LearningPathReply> {
    return this.learningPaths.generate(body);
  }

  @Get()
  @ApiOperation({ summary: "The signed-in person's learning paths, newest first" })
  @ApiOkResponse({ schema: openApiSchemaOf(learningPathListSchema) })
  @progressUnavailable
  list(): Promise<LearningPathList> {
    return this.learningPaths.list({});
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of the signed-in person’s learning paths' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ schema: openApiSchemaOf(learningPathReplySchema) })
  @pathNotFound
  @progressUnavailable
  get(@Param('id', LearningPathIdPipe) id: string): Promise<LearningPathReply> {
    return this.learningPaths.get({ id });
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Swap or reorder a course, or change the weekly hours; the path is re-planned' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiBody({ schema: openApiSchemaOf(updateLearningPathBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(learningPathReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Nothing to change, or a change that does not fit the path' })
  @pathNotFound
  @progressUnavailable
  update(
    @Param('id', LearningPathIdPipe) id: string,
    @Body(new ZodValidationPipe(updateLearningPathBodySchema)) changes: UpdateLearningPathBody,
  ): Promise<LearningPathReply> {
    return this.learningPaths.update({ id, changes });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete one of the signed-in person’s learning paths' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ schema: openApiSchemaOf(deleteLearningPathReplySchema) })
  @pathNotFound
  @progressUnavailable
  delete(@Param('id', LearningPathIdPipe) id: string): Promise<DeleteLearningPathReply> {
    return this.learningPaths.delete({ id });
  }
}
