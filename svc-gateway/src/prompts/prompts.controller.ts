import {
  PROMPT_NOT_FOUND_MESSAGE,
  PromptTemplate,
  PromptTemplateList,
  promptTemplateListSchema,
  promptTemplateSchema,
  PromptVersionHistory,
  promptVersionHistorySchema,
  UpdatePromptRequest,
  updatePromptRequestSchema,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, NotFoundException, Param, type PipeTransform, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { AiClient } from '../ai/ai.client';
import { Roles } from '../auth/auth.decorators';
import { IdentityClient } from '../identity/identity.client';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/** `?name=` of `GET /api/prompts`: one template by name instead of the list. */
const promptQuerySchema = z.object({ name: z.string().trim().min(1, { error: 'Give a prompt name' }).max(200).optional() });
type PromptQuery = z.infer<typeof promptQuerySchema>;

const promptId = new NotFoundUnlessUuidPipe(PROMPT_NOT_FOUND_MESSAGE);
const idParam = ApiParam({ name: 'id', format: 'uuid', description: 'The prompt template id' });
/** A version in the path that is not a whole number from 1 names no version: the same 404 as an unknown one. */
class PromptVersionPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
      throw new NotFoundException({ statusCode: 404, message: 'That prompt version does not exist' });
    }
    return Number(value);
  }
}

/**
 * The AI prompt templates (spec 001: the prompt template editor), admins only here and again in
 * svc-ai. Every save and restore is a new version kept by svc-ai.
 */
@ApiTags('prompts')
@ApiCookieAuth()
@ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
@ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-ai did not answer' })
@Roles('admin')
@Controller('api/prompts')
export class PromptsController {
  constructor(
    private readonly ai: AiClient,
    private readonly identity: IdentityClient,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every prompt template, by name; with ?name= the one template of that name' })
  @ApiQuery({ name: 'name', required: false, description: 'A template name, e.g. lesson-composition' })
  @ApiOkResponse({ schema: { oneOf: [openApiSchemaOf(promptTemplateListSchema), openApiSchemaOf(promptTemplateSchema)] } })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Prompt not found (with ?name=)' })
  list(@Query(new ZodValidationPipe(promptQuerySchema)) query: PromptQuery): Promise<PromptTemplateList | PromptTemplate> {
    return query.name === undefined ? this.ai.listPrompts() : this.ai.getPrompt({ name: query.name });
  }

  @Get(':name')
  @ApiOperation({ summary: 'One prompt template by name' })
  @ApiParam({ name: 'name', description: 'A template name, e.g. lesson-composition' })
  @ApiOkResponse({ schema: openApiSchemaOf(promptTemplateSchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Prompt not found' })
  get(@Param('name') name: string): Promise<PromptTemplate> {
    return this.ai.getPrompt({ name });
  }

  @Put(':id')
  @idParam
  @ApiOperation({ summary: 'Save the prompt text, description, temperature and max tokens as a new version' })
  @ApiBody({ schema: openApiSchemaOf(updatePromptRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(promptTemplateSchema) })
  @ApiBadRequestResponse({
    schema: errorReplyOpenApi,
    description: 'A field is invalid (temperature 0 to 2, max tokens within the model’s limit, only declared {placeholders}); the message names it',
  })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Prompt not found' })
  update(
    @Param('id', promptId) id: string,
    @Body(new ZodValidationPipe(updatePromptRequestSchema)) changes: UpdatePromptRequest,
  ): Promise<PromptTemplate> {
    return this.ai.updatePrompt(id, changes);
  }

  @Get(':id/versions')
  @idParam
  @ApiOperation({ summary: 'Every version of a template, newest first: who saved it (id and name), when, and what changed' })
  @ApiOkResponse({ schema: openApiSchemaOf(promptVersionHistorySchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Prompt not found' })
  async versions(@Param('id', promptId) id: string): Promise<PromptVersionHistory> {
    const { items } = await this.ai.listPromptVersions(id);
    const names = await this.namesOf(items.map((version) => version.changedBy));
    return { items: items.map((version) => ({ ...version, changedByName: version.changedBy === null ? null : (names.get(version.changedBy) ?? null) })) };
  }

  /**
   * The full names of the admins who made versions, from svc-identity. A name is only a label on the
   * history: someone who is no longer there (404), or identity not answering, leaves it null.
   */
  private async namesOf(userIds: (string | null)[]): Promise<Map<string, string>> {
    const distinct = [...new Set(userIds.filter((userId): userId is string => userId !== null))];
    const named = await Promise.all(
      distinct.map((userId) =>
        this.identity.getUser(userId).then(
          (user) => [userId, `${user.firstName} ${user.lastName}`] as const,
          () => undefined,
        ),
      ),
    );
    return new Map(named.filter((entry) => entry !== undefined));
  }

  @Post(':id/versions/:version/restore')
  @HttpCode(200)
  @idParam
  @ApiParam({ name: 'version', type: 'integer', description: 'The version to bring back' })
  @ApiOperation({ summary: 'Restore an older version: saved as a new version with its fields' })
  @ApiOkResponse({ schema: openApiSchemaOf(promptTemplateSchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Prompt not found, or no such version' })
  restore(@Param('id', promptId) id: string, @Param('version', PromptVersionPipe) version: number): Promise<PromptTemplate> {
    return this.ai.restorePromptVersion(id, version);
  }
}
