import {
  type Caller,
  type CreateJobDescriptionFromFileRequest,
  type CreateJobDescriptionFromTextRequest,
  createJobDescriptionFromTextRequestSchema,
  type DeleteJobDescriptionReply,
  type JobDescriptionIdRequest,
  jobDescriptionIdRequestSchema,
  type JobDescriptionList,
  type JobDescriptionReply,
  JOBS_SUBJECTS,
  type ListJobDescriptionsRequest,
  listJobDescriptionsRequestSchema,
  type SaveReviewedSkillsRequest,
  saveReviewedSkillsRequestSchema,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { JobDescriptionsService } from './job-descriptions.service';
import { UploadRequestPipe } from './upload-request.pipe';

/** Every handler acts for the caller the gateway names in the header: whose data it is is never a body field. */
@Controller()
export class JobDescriptionsHandlers {
  constructor(private readonly jobDescriptions: JobDescriptionsService) {}

  @MessagePattern(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS)
  list(
    @Payload(new ZodPayloadPipe(listJobDescriptionsRequestSchema)) request: ListJobDescriptionsRequest,
    @RequestCaller() caller: Caller,
  ): Promise<JobDescriptionList> {
    return this.jobDescriptions.list(request, caller);
  }

  @MessagePattern(JOBS_SUBJECTS.GET_JOB_DESCRIPTION)
  async get(
    @Payload(new ZodPayloadPipe(jobDescriptionIdRequestSchema)) request: JobDescriptionIdRequest,
    @RequestCaller() caller: Caller,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.get(request.id, caller) };
  }

  @MessagePattern(JOBS_SUBJECTS.CREATE_FROM_TEXT)
  async createFromText(
    @Payload(new ZodPayloadPipe(createJobDescriptionFromTextRequestSchema)) request: CreateJobDescriptionFromTextRequest,
    @RequestCaller() caller: Caller,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.createFromText(request, caller) };
  }

  @MessagePattern(JOBS_SUBJECTS.CREATE_FROM_FILE)
  async createFromFile(
    @Payload(UploadRequestPipe) request: CreateJobDescriptionFromFileRequest,
    @RequestCaller() caller: Caller,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.createFromFile(request, caller) };
  }

  @MessagePattern(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS)
  async saveReviewedSkills(
    @Payload(new ZodPayloadPipe(saveReviewedSkillsRequestSchema)) request: SaveReviewedSkillsRequest,
    @RequestCaller() caller: Caller,
  ): Promise<JobDescriptionReply> {
    return { jobDescription: await this.jobDescriptions.saveReviewedSkills(request, caller) };
  }

  @MessagePattern(JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION)
  delete(
    @Payload(new ZodPayloadPipe(jobDescriptionIdRequestSchema)) request: JobDescriptionIdRequest,
    @RequestCaller() caller: Caller,
  ): Promise<DeleteJobDescriptionReply> {
    return this.jobDescriptions.delete(request.id, caller);
  }
}
