import {
  JobDescriptionList,
  jobDescriptionListSchema,
  JOBS_SUBJECTS,
  ListJobDescriptionsQuery,
  listJobDescriptionsQuerySchema,
} from '@masar/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiQueryFrom, openApiSchemaOf } from '../openapi/openapi-schema';
import { ServiceClient } from '../nats/service-client';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/** Job descriptions belong to svc-jobs; the gateway checks the query and forwards it. */
@ApiTags('job descriptions')
@ApiCookieAuth()
@Controller('api/job-descriptions')
export class JobsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Job descriptions, optionally filtered by title' })
  @ApiQueryFrom(listJobDescriptionsQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(jobDescriptionListSchema) })
  list(
    @Query(new ZodValidationPipe(listJobDescriptionsQuerySchema)) query: ListJobDescriptionsQuery,
  ): Promise<JobDescriptionList> {
    return this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS,
      payload: query,
      reply: jobDescriptionListSchema,
    });
  }
}
