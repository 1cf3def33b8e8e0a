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
  ListJobDescriptionsRequest,
  SaveReviewedSkillsRequest,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';

/**
 * Everything the gateway asks svc-jobs, each answer checked against its contract. Who asks travels in
 * the caller header ServiceClient sets, never in a payload. Calls that run the skill extractor wait
 * EXTRACTION_TIMEOUT_MS instead of the usual lookup timeout.
 */
@Injectable()
export class JobsClient {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `ownerId` is honoured only when the caller is an admin (svc-jobs decides). */
  list(query: ListJobDescriptionsRequest): Promise<JobDescriptionList> {
    return this.services.request({
      service: 'jobs',
      subject: JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS,
      payload: query,
      reply: jobDescriptionListSchema,
    });
  }

  get(id: string): Promise<JobDescription> {
    return this.postingFrom(JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id });
  }

  createFromText(request: CreateJobDescriptionFromTextRequest): Promise<JobDescription> {
    return this.postingFrom(JOBS_SUBJECTS.CREATE_FROM_TEXT, request, this.config.extractionTimeoutMs);
  }

  /** The file itself waits in the JOB_UPLOADS_BUCKET object store under `request.objectName`. */
  createFromFile(request: CreateJobDescriptionFromFileRequest): Promise<JobDescription> {
    return this.postingFrom(JOBS_SUBJECTS.CREATE_FROM_FILE, request, this.config.extractionTimeoutMs);
  }

  saveReviewedSkills(request: SaveReviewedSkillsRequest): Promise<JobDescription> {
    return this.postingFrom(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, request);
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

  /** Every call that answers `{jobDescription}`: the posting out of the checked reply. */
  private async postingFrom(subject: string, payload: unknown, timeoutMs?: number): Promise<JobDescription> {
    const reply = await this.services.request({ service: 'jobs', subject, payload, reply: jobDescriptionReplySchema, timeoutMs });
    return reply.jobDescription;
  }
}
