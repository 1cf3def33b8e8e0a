import {
  type CreateJobDescriptionFromFileRequest,
  type CreateJobDescriptionFromTextRequest,
  createJobDescriptionFromTextRequestSchema,
  type DeleteJobDescriptionReply,
  type JobDescriptionIdRequest,
  jobDescriptionIdRequestSchema,
  type JobDescriptionList,
  type JobDescriptionReply,
  JOBS_SUBJECTS,
  type ListJobDescriptionsQuery,
  listJobDescriptionsQuerySchema,
  type SaveReviewedSkillsRequest,
  saveReviewedSkillsRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { JobDescriptionsService } from './job-descriptions.service';
import { UploadRequestPipe } from './upload-request.pipe';

@Controller()
export class JobDescriptionsHandlers {
  constructor(private readonly jobDescriptions: JobDescriptionsService) {}

  @MessagePattern(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS)
  list(
    @Payload(new ZodPayloadPipe(listJobDescriptionsQuerySchema)) query: ListJobDescriptionsQuery,
  ): Promise<JobDescriptionList> {
    return this.jobDescriptions.list(query);
  }

  @MessagePattern(JOBS_SUBJECTS.GET_JOB_DESCRIPTION)
  async get(
    @Payload(new ZodPayloadPipe(jobDescriptionIdRequestSchema)) request: JobDescriptionIdRequest,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.get(request.id) };
  }

  @MessagePattern(JOBS_SUBJECTS.CREATE_FROM_TEXT)
  async createFromText(
    @Payload(new ZodPayloadPipe(createJobDescriptionFromTextRequestSchema)) request: CreateJobDescriptionFromTextRequest,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.createFromText(request) };
  }

  @MessagePattern(JOBS_SUBJECTS.CREATE_FROM_FILE)
  async createFromFile(
    @Payload(UploadRequestPipe) request: CreateJobDescriptionFromFileRequest,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.createFromFile(request) };
  }

  @MessagePattern(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS)
  async saveReviewedSkills(
    @Payload(new ZodPayloadPipe(saveReviewedSkillsRequestSchema)) request: SaveReviewedSkillsRequest,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.saveReviewedSkills(request) };
  }

  @MessagePattern(JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION)
  delete(
    @Payload(new ZodPayloadPipe(jobDescriptionIdRequestSchema)) request: JobDescriptionIdRequest,
  ): Promise<DeleteJobDescriptionReply> {
    return this.jobDescriptions.delete(request.id);
  }
}
