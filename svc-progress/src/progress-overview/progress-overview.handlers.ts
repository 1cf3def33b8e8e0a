import { PROGRESS_SUBJECTS, ProgressOverviewReply, ProgressOverviewRequest, progressOverviewRequestSchema } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { ProgressOverviewService } from './progress-overview.service';

@Controller()
export class ProgressOverviewHandlers {
  constructor(private readonly progressOverview: ProgressOverviewService) {}

  @MessagePattern(PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW)
  async get(@Payload(new ZodPayloadPipe(progressOverviewRequestSchema)) { userId }: ProgressOverviewRequest): Promise<ProgressOverviewReply> {
    return { progress: await this.progressOverview.overview(userId) };
  }
}
