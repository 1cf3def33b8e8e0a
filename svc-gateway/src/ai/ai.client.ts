import {
  AI_GOVERNANCE_SUBJECTS,
  AI_SUBJECTS,
  type AcceptAiNoticeRequest,
  type AiAdmission,
  aiAdmissionSchema,
  type AiBudgets,
  aiBudgetsSchema,
  type AiCallPage,
  aiCallPageSchema,
  type AiCallQuery,
  type AiFeature,
  type AiFeatureSettings,
  type AiFeatureSettingsList,
  aiFeatureSettingsListSchema,
  aiFeatureSettingsSchema,
  type AiNotice,
  aiNoticeSchema,
  type AiUseStatus,
  aiUseStatusSchema,
  type UpdateAiBudgetsRequest,
  type UpdateAiFeatureRequest,
  type UpdateAiNoticeRequest,
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

  /*
   * AI governance. Every one names its caller in the header the session guard set: svc-ai checks the
   * admin role again, and answers the caller's own status, acceptance and admission.
   */

  /** A page of the call log, newest first, with the totals of everything the filters match. */
  listCalls(query: AiCallQuery): Promise<AiCallPage> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.LIST_CALLS, payload: query, reply: aiCallPageSchema });
  }

  listFeatures(): Promise<AiFeatureSettingsList> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.LIST_FEATURES, payload: {}, reply: aiFeatureSettingsListSchema });
  }

  updateFeature(request: UpdateAiFeatureRequest): Promise<AiFeatureSettings> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, payload: request, reply: aiFeatureSettingsSchema });
  }

  getBudgets(): Promise<AiBudgets> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.GET_BUDGETS, payload: {}, reply: aiBudgetsSchema });
  }

  updateBudgets(request: UpdateAiBudgetsRequest): Promise<AiBudgets> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS, payload: request, reply: aiBudgetsSchema });
  }

  /** Publishes the next version of the AI-use notice: every learner accepts it again. */
  publishNotice(request: UpdateAiNoticeRequest): Promise<AiNotice> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE, payload: request, reply: aiNoticeSchema });
  }

  /** The caller's own: the notice and whether they must accept it, the features on, their budget. */
  myStatus(): Promise<AiUseStatus> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.MY_STATUS, payload: {}, reply: aiUseStatusSchema });
  }

  acceptNotice(request: AcceptAiNoticeRequest): Promise<AiUseStatus> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE, payload: request, reply: aiUseStatusSchema });
  }

  /** Resolves when the caller may start `feature` now; rejects with svc-ai's refusal (403, 428, 429, 503) otherwise. */
  admit(feature: AiFeature): Promise<AiAdmission> {
    return this.services.request({ service: 'ai', subject: AI_GOVERNANCE_SUBJECTS.ADMIT, payload: { feature }, reply: aiAdmissionSchema });
  }
}
