import { ExtractSkillsReply, extractSkillsReplySchema, ExtractSkillsRequest, extractSkillsRequestSchema } from '@masar/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AiFeature } from '../ai/ai-admission.guard';
import { AiClient } from '../ai/ai.client';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/** The stateless skill extractor that HR suites embedding Masar call with a session. */
@ApiTags('skills')
@ApiCookieAuth()
@Controller('api/skills')
export class SkillsController {
  constructor(private readonly ai: AiClient) {}

  @Post('extract')
  @HttpCode(200)
  @AiFeature('skill-extraction')
  @ApiOperation({ summary: 'Extract the skills of a posting, with evidence spans; stores nothing' })
  @ApiBody({ schema: openApiSchemaOf(extractSkillsRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(extractSkillsReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Empty or over-long text, or an unknown language' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-ai did not answer' })
  extract(@Body(new ZodValidationPipe(extractSkillsRequestSchema)) request: ExtractSkillsRequest): Promise<ExtractSkillsReply> {
    return this.ai.extractSkills(request);
  }
}
