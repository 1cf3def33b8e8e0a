import { GenerateDemoJobBody, generateDemoJobBodySchema, GenerateDemoJobReply, generateDemoJobReplySchema, User } from '@masar/contracts';
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
import { CurrentUser } from '../auth/auth.decorators';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { JobsClient } from './jobs.client';

/** The home page's "pick one of the 15 roles": svc-jobs runs the extractor on that role's posting. */
@ApiTags('job descriptions')
@ApiCookieAuth()
@Controller('api/demo-job-generation')
export class DemoJobGenerationController {
  constructor(private readonly jobs: JobsClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "The extracted skills of a predefined role's job description" })
  @ApiBody({ schema: openApiSchemaOf(generateDemoJobBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(generateDemoJobReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'No Job Role Selected' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-jobs did not answer' })
  generate(
    @Body(new ZodValidationPipe(generateDemoJobBodySchema)) body: GenerateDemoJobBody,
    @CurrentUser() user: User,
  ): Promise<GenerateDemoJobReply> {
    return this.jobs.generateDemoJob({ ...body, requestedBy: user.id });
  }
}
