import { type Caller, PROGRESS_SUBJECTS, ProgressOverviewReply, progressOverviewRequestSchema } from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProgressOverviewService } from './progress-overview.service';

@Controller()
export class ProgressOverviewHandlers {
  constructor(private readonly progressOverview: ProgressOverviewService) {}

  /** The caller's own progress: whose it is comes from the caller header, never the body. */
  @MessagePattern(PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW)
  async get(
    @Payload(new ZodPayloadPipe(progressOverviewRequestSchema)) _request: unknown,
    @RequestCaller() caller: Caller,
  ): Promise<ProgressOverviewReply> {
    return { progress: await this.progressOverview.overview(caller.id) };
  }
}
