import { AdminStatsRequest, adminStatsRequestSchema, PROGRESS_SUBJECTS, ProgressAdminStats } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '@masar/contracts/service-kit';
import { AdminStatsService } from './admin-stats.service';

/** The gateway lets only admins ask; the figures name no learner. */
@Controller()
export class AdminStatsHandlers {
  constructor(private readonly adminStats: AdminStatsService) {}

  @MessagePattern(PROGRESS_SUBJECTS.GET_ADMIN_STATS)
  stats(@Payload(new ZodPayloadPipe(adminStatsRequestSchema)) _request: AdminStatsRequest): Promise<ProgressAdminStats> {
    return this.adminStats.stats();
  }
}
