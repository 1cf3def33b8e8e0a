import {
  type AcceptAiNoticeRequest,
  acceptAiNoticeRequestSchema,
  type AiBudgets,
  aiBudgetsSchema,
  type AiCallFilters,
  aiCallFiltersSchema,
  type AiCallPage,
  aiCallPageSchema,
  type AiCallQuery,
  aiCallQuerySchema,
  type AiFeature,
  aiFeatureSchema,
  type AiFeatureSettings,
  type AiFeatureSettingsList,
  aiFeatureSettingsListSchema,
  aiFeatureSettingsSchema,
  type AiNotice,
  aiNoticeSchema,
  type AiUseStatus,
  aiUseStatusSchema,
  AI_NOTICE_OUTDATED_MESSAGE,
  paginationQuerySchema,
  type UpdateAiBudgetsRequest,
  updateAiBudgetsRequestSchema,
  updateAiFeatureRequestSchema,
  type UpdateAiNoticeRequest,
  updateAiNoticeRequestSchema,
} from '@masar/contracts';
import { Body, Controller, Get, Header, HttpCode, NotFoundException, Param, type PipeTransform, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { AiClient } from '../ai/ai.client';
import { Roles } from '../auth/auth.decorators';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { aiCallsCsvFileName } from './ai-calls-csv';
import { AiGovernanceService } from './ai-governance.service';

export const UNKNOWN_AI_FEATURE_MESSAGE = 'Unknown AI feature';

/** A feature in the path that is not one of AI_FEATURES names nothing: 404. */
class AiFeaturePipe implements PipeTransform<string, AiFeature> {
  transform(value: string): AiFeature {
    const parsed = aiFeatureSchema.safeParse(value);
    if (!parsed.success) throw new NotFoundException({ statusCode: 404, message: UNKNOWN_AI_FEATURE_MESSAGE });
    return parsed.data;
  }
}

/** `PUT /features/:feature`: the feature is the path's. */
const featureChangesSchema = updateAiFeatureRequestSchema.omit({ feature: true });
type FeatureChanges = z.infer<typeof featureChangesSchema>;

const adminsOnly = ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' });
const badFilters = ApiBadRequestResponse({
  schema: errorReplyOpenApi,
  description: 'A filter is wrong, e.g. "to: The end date is before the start date"; the message names it',
});

/**
 * AI governance (issue 12): the call log and its CSV export, per-feature settings, monthly token
 * budgets and the AI-use notice, all kept and enforced by svc-ai (which checks the admin role again).
 * The gateway validates, adds people's names from svc-identity and writes the CSV.
 */
@ApiTags('ai governance')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-ai did not answer' })
@Controller('api/ai-governance')
export class AiGovernanceController {
  constructor(
    private readonly ai: AiClient,
    private readonly governance: AiGovernanceService,
  ) {}

  @Get('calls')
  @Roles('admin')
  @ApiOperation({ summary: 'The AI call log, newest first, with the totals of every call the filters match' })
  @ApiQueryFrom(aiCallFiltersSchema)
  @ApiQueryFrom(paginationQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(aiCallPageSchema) })
  @badFilters
  @adminsOnly
  calls(@Query(new ZodValidationPipe(aiCallQuerySchema)) query: AiCallQuery): Promise<AiCallPage> {
    return this.governance.callsPage(query);
  }

  @Get('calls.csv')
  @Roles('admin')
  @ApiOperation({ summary: 'Every call the filters match as a CSV file (UTF-8 with BOM), at most 50,000' })
  @ApiQueryFrom(aiCallFiltersSchema)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'masar-ai-calls-<YYYY-MM-DD>.csv', schema: { type: 'string' } })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A filter is wrong, or more than 50,000 calls match' })
  @adminsOnly
  @Header('Cache-Control', 'no-store')
  async callsCsv(
    @Query(new ZodValidationPipe(aiCallFiltersSchema)) filters: AiCallFilters,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const csv = await this.governance.callsCsv(filters);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${aiCallsCsvFileName(new Date())}"`);
    return csv;
  }

  @Get('features')
  @Roles('admin')
  @ApiOperation({ summary: 'Each AI feature: on or off, its provider and model, and whether an OpenAI-compatible model is configured' })
  @ApiOkResponse({ schema: openApiSchemaOf(aiFeatureSettingsListSchema) })
  @adminsOnly
  features(): Promise<AiFeatureSettingsList> {
    return this.ai.listFeatures();
  }

  @Put('features/:feature')
  @Roles('admin')
  @ApiOperation({ summary: 'Turn an AI feature on or off and choose its provider and model' })
  @ApiParam({ name: 'feature', enum: aiFeatureSchema.options })
  @ApiBody({ schema: openApiSchemaOf(featureChangesSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(aiFeatureSettingsSchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A field is wrong, or openai chosen while no OpenAI-compatible model is configured' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Unknown AI feature' })
  @adminsOnly
  updateFeature(
    @Param('feature', AiFeaturePipe) feature: AiFeature,
    @Body(new ZodValidationPipe(featureChangesSchema)) changes: FeatureChanges,
  ): Promise<AiFeatureSettings> {
    return this.ai.updateFeature({ feature, ...changes });
  }

  @Get('budgets')
  @Roles('admin')
  @ApiOperation({ summary: "Monthly token budgets (default and per person) and this month's use per person" })
  @ApiOkResponse({ schema: openApiSchemaOf(aiBudgetsSchema) })
  @adminsOnly
  budgets(): Promise<AiBudgets> {
    return this.governance.budgets();
  }

  @Put('budgets')
  @Roles('admin')
  @ApiOperation({ summary: 'Set the default monthly token budget (null: no limit) and the people with a budget of their own' })
  @ApiBody({ schema: openApiSchemaOf(updateAiBudgetsRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(aiBudgetsSchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A negative or fractional budget, or a person twice; the message names the field' })
  @adminsOnly
  updateBudgets(@Body(new ZodValidationPipe(updateAiBudgetsRequestSchema)) request: UpdateAiBudgetsRequest): Promise<AiBudgets> {
    return this.governance.updateBudgets(request);
  }

  @Put('notice')
  @Roles('admin')
  @ApiOperation({ summary: 'Publish the AI-use notice (English and Arabic) as its next version: every learner accepts it again' })
  @ApiBody({ schema: openApiSchemaOf(updateAiNoticeRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(aiNoticeSchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A text blank to the eye or over 5000 characters' })
  @adminsOnly
  publishNotice(@Body(new ZodValidationPipe(updateAiNoticeRequestSchema)) request: UpdateAiNoticeRequest): Promise<AiNotice> {
    return this.ai.publishNotice(request);
  }

  @Get('me')
  @ApiOperation({ summary: 'Your AI use: the notice in force and whether you must accept it, the features on, your budget this month' })
  @ApiOkResponse({ schema: openApiSchemaOf(aiUseStatusSchema) })
  me(): Promise<AiUseStatus> {
    return this.ai.myStatus();
  }

  @Post('notice/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept the AI-use notice in force (the version you read)' })
  @ApiBody({ schema: openApiSchemaOf(acceptAiNoticeRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(aiUseStatusSchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'No AI-use notice is published' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: AI_NOTICE_OUTDATED_MESSAGE })
  acceptNotice(@Body(new ZodValidationPipe(acceptAiNoticeRequestSchema)) request: AcceptAiNoticeRequest): Promise<AiUseStatus> {
    return this.ai.acceptNotice(request);
  }
}
