import {
  LearnerSkillsReply,
  learnerSkillsReplySchema,
  SaveSelfAssessmentBody,
  saveSelfAssessmentBodySchema,
} from '@masar/contracts';
import { Body, Controller, Get, Put } from '@nestjs/common';
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
import { ProgressClient } from '../progress/progress.client';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

const progressUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-progress did not answer' });

/** The signed-in learner's skill profile: their own assessment, and what completed courses raised. */
@ApiTags('progress')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/learner-skills')
export class LearnerSkillsController {
  constructor(private readonly progress: ProgressClient) {}

  @Get()
  @ApiOperation({ summary: "The signed-in learner's skills with their levels, strongest first" })
  @ApiOkResponse({ schema: openApiSchemaOf(learnerSkillsReplySchema) })
  @progressUnavailable
  list(): Promise<LearnerSkillsReply> {
    return this.progress.listLearnerSkills();
  }

  @Put()
  @ApiOperation({ summary: 'Save a self-assessment: the listed skills take these levels (none removes one); others stay' })
  @ApiBody({ schema: openApiSchemaOf(saveSelfAssessmentBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(learnerSkillsReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A skill is missing, repeated or has an unknown level' })
  @progressUnavailable
  save(
    @Body(new ZodValidationPipe(saveSelfAssessmentBodySchema)) body: SaveSelfAssessmentBody,
  ): Promise<LearnerSkillsReply> {
    return this.progress.saveSelfAssessment(body);
  }
}
