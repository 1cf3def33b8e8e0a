import { AiHealthReply } from '@masar/contracts';
import { healthReply, PostgresHealthCheck, SERVICE_IDENTITY, type ServiceIdentity } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SKILL_EXTRACTION_PROVIDER, SkillExtractionProvider } from '../providers/skill-extraction-provider';

@Injectable()
export class HealthService {
  private readonly postgres: PostgresHealthCheck;

  constructor(
    @Inject(SKILL_EXTRACTION_PROVIDER) private readonly provider: SkillExtractionProvider,
    @InjectDataSource() dataSource: DataSource,
    @Inject(SERVICE_IDENTITY) identity: ServiceIdentity,
  ) {
    this.postgres = new PostgresHealthCheck(dataSource, identity);
  }

  /**
   * As healthy as its provider and its Postgres (where every LLM call reads its prompt template). The
   * offline provider is always up; an OpenAI-compatible API is up when it answers a cheap request
   * (see `checkReachable`).
   */
  async check(): Promise<AiHealthReply> {
    const [provider, postgres] = await Promise.all([this.provider.checkReachable(), this.postgres.check()]);
    return { ...healthReply('ai', { provider, postgres: postgres.checks.postgres }), provider: this.provider.name };
  }
}
