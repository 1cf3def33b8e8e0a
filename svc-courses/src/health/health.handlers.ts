import { healthSubjectOf, ServiceHealthReply } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthService } from './health.service';

@Controller()
export class HealthHandlers {
  constructor(private readonly health: HealthService) {}

  @MessagePattern(healthSubjectOf('courses'))
  check(): Promise<ServiceHealthReply> {
    return this.health.check();
  }
}
