import { AI_SUBJECTS, ExtractSkillsReply, extractSkillsReplySchema, ExtractSkillsRequest } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';

/** What the gateway asks svc-ai directly (other services reach it themselves), each answer checked. */
@Injectable()
export class AiClient {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Stateless: svc-ai stores nothing. An LLM provider can take seconds, hence the extraction timeout. */
  extractSkills(request: ExtractSkillsRequest): Promise<ExtractSkillsReply> {
    return this.services.request({
      service: 'ai',
      subject: AI_SUBJECTS.EXTRACT_SKILLS,
      payload: request,
      reply: extractSkillsReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }
}
