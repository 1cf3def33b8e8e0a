import { AiHealthReply } from '@masar/contracts';
import { healthReply } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { SKILL_EXTRACTION_PROVIDER, SkillExtractionProvider } from '../providers/skill-extraction-provider';

@Injectable()
export class HealthService {
  constructor(@Inject(SKILL_EXTRACTION_PROVIDER) private readonly provider: SkillExtractionProvider) {}

  /**
   * svc-ai owns no data: it is as healthy as its provider. The offline one is always up; an
   * OpenAI-compatible API is up when it answers a cheap request (see `checkReachable`).
   */
  async check(): Promise<AiHealthReply> {
    return { ...healthReply('ai', { provider: await this.provider.checkReachable() }), provider: this.provider.name };
  }
}
