import {
  CreateJobDescriptionFromTextBody,
  createJobDescriptionFromTextBodySchema,
  createJobDescriptionFromFileRequestSchema,
  DeleteJobDescriptionReply,
  deleteJobDescriptionReplySchema,
  JobDescriptionList,
  jobDescriptionListSchema,
  JobDescriptionReply,
  jobDescriptionReplySchema,
  ListJobDescriptionsQuery,
  listJobDescriptionsQuerySchema,
  SaveReviewedSkillsBody,
  saveReviewedSkillsBodySchema,
} from '@masar/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { z } from 'zod';
import { AiFeature } from '../ai/ai-admission.guard';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { JobDescriptionIdPipe } from './job-description-id.pipe';
import { JobDescriptionUploads } from './job-description-uploads';
import { JOB_FILE_FIELD, JobFileUploadInterceptor } from './job-file-upload.interceptor';
import { JobsClient } from './jobs.client';

/** The text fields of the upload form; the file itself is multer's. */
const uploadFormFieldsSchema = createJobDescriptionFromFileRequestSchema.pick({ title: true });
type UploadFormFields = z.infer<typeof uploadFormFieldsSchema>;

const jobDescriptionIdParam = ApiParam({ name: 'id', format: 'uuid', description: 'The job description id' });
const notFound = ApiNotFoundResponse({
  schema: errorReplyOpenApi,
  description: 'No job description of yours has this id (another learner’s answers the same)',
});
const jobsUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-jobs did not answer' });

/**
 * Job descriptions belong to svc-jobs: the gateway checks each body against the contracts and
 * forwards it, and the NATS request names the signed-in caller in its header. Every route needs a
 * session; whose job descriptions a caller may list, read, review and delete is svc-jobs' rule (a
 * learner their own, an admin everybody's; anybody else's id is a 404).
 */
@ApiTags('job descriptions')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/job-descriptions')
export class JobsController {
  constructor(
    private readonly jobs: JobsClient,
    private readonly uploads: JobDescriptionUploads,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your job descriptions (admins: everybody’s), newest first, optionally filtered by title' })
  @ApiQueryFrom(listJobDescriptionsQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(jobDescriptionListSchema) })
  list(
    @Query(new ZodValidationPipe(listJobDescriptionsQuerySchema)) query: ListJobDescriptionsQuery,
  ): Promise<JobDescriptionList> {
    return this.jobs.list(query);
  }

  @Post('upload')
  @HttpCode(201)
  @AiFeature('skill-extraction')
  @UseInterceptors(JobFileUploadInterceptor)
  @ApiOperation({ summary: 'Upload a PDF, DOC, DOCX or TXT job description; its skills are extracted' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [JOB_FILE_FIELD],
      properties: {
        [JOB_FILE_FIELD]: { type: 'string', format: 'binary', description: 'At most MAX_UPLOAD_BYTES (10 MB by default)' },
        title: { type: 'string', maxLength: 200, description: 'Empty or absent: the file name' },
      },
    },
  })
  @ApiCreatedResponse({ schema: openApiSchemaOf(jobDescriptionReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'No file, or a file svc-jobs cannot read' })
  @ApiPayloadTooLargeResponse({ schema: errorReplyOpenApi, description: 'File is too large (max 10 MB)' })
  @jobsUnavailable
  async upload(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body(new ZodValidationPipe(uploadFormFieldsSchema)) fields: UploadFormFields,
  ): Promise<JobDescriptionReply> {
    const jobDescription = await this.uploads.submit({ file, title: fields.title });
    return { jobDescription };
  }

  @Post('text')
  @HttpCode(201)
  @AiFeature('skill-extraction')
  @ApiOperation({ summary: 'Create a job description from pasted text; its skills are extracted' })
  @ApiBody({ schema: openApiSchemaOf(createJobDescriptionFromTextBodySchema, 'input') })
  @ApiCreatedResponse({ schema: openApiSchemaOf(jobDescriptionReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Please enter job description content' })
  @jobsUnavailable
  async createFromText(
    @Body(new ZodValidationPipe(createJobDescriptionFromTextBodySchema)) body: CreateJobDescriptionFromTextBody,
  ): Promise<JobDescriptionReply> {
    const jobDescription = await this.jobs.createFromText(body);
    return { jobDescription };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One job description with its extracted and reviewed skills' })
  @jobDescriptionIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(jobDescriptionReplySchema) })
  @notFound
  async get(@Param('id', JobDescriptionIdPipe) id: string): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobs.get(id) };
  }

  @Put(':id/skills')
  @ApiOperation({ summary: 'Save the reviewed skill set (approved, removed and custom skills)' })
  @jobDescriptionIdParam
  @ApiBody({ schema: openApiSchemaOf(saveReviewedSkillsBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(jobDescriptionReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Please approve at least one skill to continue' })
  @notFound
  async saveReviewedSkills(
    @Param('id', JobDescriptionIdPipe) id: string,
    @Body(new ZodValidationPipe(saveReviewedSkillsBodySchema)) review: SaveReviewedSkillsBody,
  ): Promise<JobDescriptionReply> {
    const jobDescription = await this.jobs.saveReviewedSkills({ id, review });
    return { jobDescription };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete one of your job descriptions (admins: anybody’s)' })
  @jobDescriptionIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(deleteJobDescriptionReplySchema) })
  @notFound
  delete(@Param('id', JobDescriptionIdPipe) id: string): Promise<DeleteJobDescriptionReply> {
    return this.jobs.delete(id);
  }
}
