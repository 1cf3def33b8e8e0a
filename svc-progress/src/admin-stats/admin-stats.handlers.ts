import { AdminStatsRequest, adminStatsRequestSchema, type Caller, PROGRESS_SUBJECTS, ProgressAdminStats } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { AdminStatsService } from './admin-stats.service';

/** Admins only, checked here as in the gateway; the figures name no learner. */
@Controller()
export class AdminStatsHandlers {
  constructor(private readonly adminStats: AdminStatsService) {}

  @MessagePattern(PROGRESS_SUBJECTS.GET_ADMIN_STATS)
  stats(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(adminStatsRequestSchema)) _request: AdminStatsRequest,
  ): Promise<ProgressAdminStats> {
    requireAdmin(caller);
    return this.adminStats.stats();
  }
}
