import { AiHealthReply, healthSubjectOf } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthService } from './health.service';

@Controller()
export class HealthHandlers {
  constructor(private readonly health: HealthService) {}

  @MessagePattern(healthSubjectOf('ai'))
  check(): Promise<AiHealthReply> {
    return this.health.check();
  }
}
