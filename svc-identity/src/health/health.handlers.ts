import { IDENTITY_SUBJECTS, ServiceHealthReply } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthService } from './health.service';

@Controller()
export class HealthHandlers {
  constructor(private readonly health: HealthService) {}

  @MessagePattern(IDENTITY_SUBJECTS.HEALTH)
  check(): Promise<ServiceHealthReply> {
    return this.health.check();
  }
}
