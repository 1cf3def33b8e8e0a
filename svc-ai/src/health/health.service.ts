import { AiHealthReply } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { hostname } from 'node:os';
import { SKILL_EXTRACTION_PROVIDER, SkillExtractionProvider } from '../providers/skill-extraction-provider';

@Injectable()
export class HealthService {
  private readonly instance = `${hostname()}:${process.pid}`;

  constructor(@Inject(SKILL_EXTRACTION_PROVIDER) private readonly provider: SkillExtractionProvider) {}

  /**
   * svc-ai owns no data: it is as healthy as its provider. The offline one is always up; an
   * OpenAI-compatible API is up when it answers a cheap request (see `checkReachable`).
   */
  async check(): Promise<AiHealthReply> {
    const provider = await this.provider.checkReachable();
    return {
      service: 'ai',
      status: provider,
      instance: this.instance,
      uptimeSeconds: Math.round(process.uptime()),
      checks: { provider },
      provider: this.provider.name,
    };
  }
}
