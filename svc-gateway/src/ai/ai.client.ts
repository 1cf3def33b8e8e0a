import {
  AI_SUBJECTS,
  DescribeImageReply,
  describeImageReplySchema,
  DescribeImageRequest,
  ExtractSkillsReply,
  extractSkillsReplySchema,
  ExtractSkillsRequest,
} from '@masar/contracts';
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

  /**
   * A course description suggested by a vision model. svc-ai answers 501 (passed through) when no
   * such model is configured, and 400 when the bytes are not the image type given. A model looking
   * at an image takes as long as one reading a posting, hence the extraction timeout.
   */
  describeImage(request: DescribeImageRequest): Promise<DescribeImageReply> {
    return this.services.request({
      service: 'ai',
      subject: AI_SUBJECTS.DESCRIBE_IMAGE,
      payload: request,
      reply: describeImageReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }
}
