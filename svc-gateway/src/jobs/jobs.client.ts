import {
  CreateJobDescriptionFromFileRequest,
  CreateJobDescriptionFromTextRequest,
  DeleteJobDescriptionReply,
  deleteJobDescriptionReplySchema,
  GenerateDemoJobReply,
  generateDemoJobReplySchema,
  GenerateDemoJobRequest,
  JobDescription,
  JobDescriptionList,
  jobDescriptionListSchema,
  jobDescriptionReplySchema,
  JOBS_SUBJECTS,
  ListJobDescriptionsQuery,
  SaveReviewedSkillsRequest,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';

/**
 * Everything the gateway asks svc-jobs, each answer checked against its contract. Calls that run
 * the skill extractor wait EXTRACTION_TIMEOUT_MS instead of the usual lookup timeout.
 */
@Injectable()
export class JobsClient {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  list(query: ListJobDescriptionsQuery): Promise<JobDescriptionList> {
    return this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS,
      payload: query,
      reply: jobDescriptionListSchema,
    });
  }

  async get(id: string): Promise<JobDescription> {
    const reply = await this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.GET_JOB_DESCRIPTION,
      payload: { id },
      reply: jobDescriptionReplySchema,
    });
    return reply.jobDescription;
  }

  async createFromText(request: CreateJobDescriptionFromTextRequest): Promise<JobDescription> {
    const reply = await this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.CREATE_FROM_TEXT,
      payload: request,
      reply: jobDescriptionReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
    return reply.jobDescription;
  }

  /** The file itself waits in the JOB_UPLOADS_BUCKET object store under `request.objectName`. */
  async createFromFile(request: CreateJobDescriptionFromFileRequest): Promise<JobDescription> {
    const reply = await this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.CREATE_FROM_FILE,
      payload: request,
      reply: jobDescriptionReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
    return reply.jobDescription;
  }

  async saveReviewedSkills(request: SaveReviewedSkillsRequest): Promise<JobDescription> {
    const reply = await this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS,
      payload: request,
      reply: jobDescriptionReplySchema,
    });
    return reply.jobDescription;
  }

  delete(id: string): Promise<DeleteJobDescriptionReply> {
    return this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION,
      payload: { id },
      reply: deleteJobDescriptionReplySchema,
    });
  }

  generateDemoJob(request: GenerateDemoJobRequest): Promise<GenerateDemoJobReply> {
    return this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.GENERATE_DEMO_JOB,
      payload: request,
      reply: generateDemoJobReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }
}
