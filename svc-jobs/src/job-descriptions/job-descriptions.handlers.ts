import {
  JobDescriptionList,
  JOBS_SUBJECTS,
  ListJobDescriptionsQuery,
  listJobDescriptionsQuerySchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { JobDescriptionsService } from './job-descriptions.service';

@Controller()
export class JobDescriptionsHandlers {
  constructor(private readonly jobDescriptions: JobDescriptionsService) {}

  @MessagePattern(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS)
  list(
    @Payload(new ZodPayloadPipe(listJobDescriptionsQuerySchema)) query: ListJobDescriptionsQuery,
  ): Promise<JobDescriptionList> {
    return this.jobDescriptions.list(query);
  }
}
