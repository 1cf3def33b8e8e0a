import {
  AI_SUBJECTS,
  DescribeImageReply,
  describeImageReplySchema,
  DescribeImageRequest,
  ExtractSkillsReply,
  extractSkillsReplySchema,
  ExtractSkillsRequest,
  GetPromptRequest,
  PromptTemplate,
  PromptTemplateList,
  promptTemplateListSchema,
  promptTemplateSchema,
  PromptTemplateVersionList,
  promptTemplateVersionListSchema,
  UpdatePromptRequest,
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

  /* Prompt templates: admins only. The caller travels in the header the session guard set; svc-ai checks the role too. */

  listPrompts(): Promise<PromptTemplateList> {
    return this.services.request({ service: 'ai', subject: AI_SUBJECTS.LIST_PROMPTS, payload: {}, reply: promptTemplateListSchema });
  }

  getPrompt(request: GetPromptRequest): Promise<PromptTemplate> {
    return this.services.request({ service: 'ai', subject: AI_SUBJECTS.GET_PROMPT, payload: request, reply: promptTemplateSchema });
  }

  updatePrompt(id: string, changes: UpdatePromptRequest): Promise<PromptTemplate> {
    return this.services.request({ service: 'ai', subject: AI_SUBJECTS.UPDATE_PROMPT, payload: { id, changes }, reply: promptTemplateSchema });
  }

  listPromptVersions(id: string): Promise<PromptTemplateVersionList> {
    return this.services.request({
      service: 'ai',
      subject: AI_SUBJECTS.LIST_PROMPT_VERSIONS,
      payload: { id },
      reply: promptTemplateVersionListSchema,
    });
  }

  restorePromptVersion(id: string, version: number): Promise<PromptTemplate> {
    return this.services.request({
      service: 'ai',
      subject: AI_SUBJECTS.RESTORE_PROMPT_VERSION,
      payload: { id, version },
      reply: promptTemplateSchema,
    });
  }
}
