import { AiHealthReply } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { hostname } from 'node:os';
import { AI_CONFIG, AiConfig } from '../config';

@Injectable()
export class HealthService {
  private readonly instance = `${hostname()}:${process.pid}`;

  constructor(@Inject(AI_CONFIG) private readonly config: AiConfig) {}

  /**
   * svc-ai owns no data. It reports which provider is configured; the provider layer
   * (issue 3) will turn `checks.provider` into a real reachability check.
   */
  check(): AiHealthReply {
    return {
      service: 'ai',
      status: 'up',
      instance: this.instance,
      uptimeSeconds: Math.round(process.uptime()),
      checks: { provider: 'up' },
      provider: this.config.provider,
    };
  }
}
