import { GenerateDemoJobBody, generateDemoJobBodySchema, GenerateDemoJobReply, generateDemoJobReplySchema } from '@masar/contracts';
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
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { JobsClient } from './jobs.client';

/**
 * The home page's "pick one of the 15 roles": svc-jobs answers the caller's own job description
 * copied from that role's template (the same copy, with their review, each time they pick it).
 */
@ApiTags('job descriptions')
@ApiCookieAuth()
@Controller('api/demo-job-generation')
export class DemoJobGenerationController {
  constructor(private readonly jobs: JobsClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Your own job description of a predefined role, with its extracted skills and your review" })
  @ApiBody({ schema: openApiSchemaOf(generateDemoJobBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(generateDemoJobReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'No Job Role Selected' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-jobs did not answer' })
  generate(
    @Body(new ZodValidationPipe(generateDemoJobBodySchema)) body: GenerateDemoJobBody,
  ): Promise<GenerateDemoJobReply> {
    return this.jobs.generateDemoJob(body);
  }
}
