import {
  AcceptAiNoticeRequest,
  acceptAiNoticeRequestSchema,
  AI_FEATURES,
  AI_GOVERNANCE_SUBJECTS,
  AiAdmission,
  AiAdmissionRequest,
  aiAdmissionRequestSchema,
  AiBudgets,
  AiCallPage,
  AiCallQuery,
  aiCallQuerySchema,
  AiFeatureSettings,
  AiFeatureSettingsList,
  AiNotice,
  AiUseStatus,
  Caller,
  UpdateAiBudgetsRequest,
  updateAiBudgetsRequestSchema,
  UpdateAiFeatureRequest,
  updateAiFeatureRequestSchema,
  UpdateAiNoticeRequest,
  updateAiNoticeRequestSchema,
} from '@masar/contracts';
import { currentRequestId, RequestCaller, rpcError, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller, PipeTransform } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { GovernanceService, UNKNOWN_AI_FEATURE_MESSAGE } from './governance.service';

/** Subjects that take no arguments: an empty object, or nothing at all. */
const noArgumentsSchema = z.object({}).strict().optional();

/** A feature name that is not one of Masar's is a 404 (as `PUT /features/:feature` answers), not a 400. */
class KnownFeaturePipe implements PipeTransform<unknown, unknown> {
  transform(value: unknown): unknown {
    const feature = (value as { feature?: unknown } | null)?.feature;
    if (typeof feature === 'string' && !(AI_FEATURES as readonly string[]).includes(feature)) throw rpcError(404, UNKNOWN_AI_FEATURE_MESSAGE);
    return value;
  }
}

/** Thin: check the payload, call the service. Admin subjects are checked again in the service (`requireAdmin`). */
@Controller()
export class GovernanceHandlers {
  constructor(private readonly governance: GovernanceService) {}

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.LIST_CALLS)
  listCalls(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(aiCallQuerySchema)) query: AiCallQuery): Promise<AiCallPage> {
    return this.governance.listCalls(caller, query);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.LIST_FEATURES)
  listFeatures(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(noArgumentsSchema)) _request: unknown): Promise<AiFeatureSettingsList> {
    return this.governance.listFeatures(caller);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE)
  updateFeature(
    @RequestCaller() caller: Caller,
    @Payload(new KnownFeaturePipe(), new ZodPayloadPipe(updateAiFeatureRequestSchema)) request: UpdateAiFeatureRequest,
  ): Promise<AiFeatureSettings> {
    return this.governance.updateFeature(caller, request);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.GET_BUDGETS)
  getBudgets(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(noArgumentsSchema)) _request: unknown): Promise<AiBudgets> {
    return this.governance.getBudgets(caller);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS)
  updateBudgets(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(updateAiBudgetsRequestSchema)) request: UpdateAiBudgetsRequest,
  ): Promise<AiBudgets> {
    return this.governance.updateBudgets(caller, request);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE)
  updateNotice(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(updateAiNoticeRequestSchema)) request: UpdateAiNoticeRequest): Promise<AiNotice> {
    return this.governance.publishNotice(caller, request);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.MY_STATUS)
  myStatus(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(noArgumentsSchema)) _request: unknown): Promise<AiUseStatus> {
    return this.governance.statusOf(caller);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE)
  acceptNotice(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(acceptAiNoticeRequestSchema)) request: AcceptAiNoticeRequest): Promise<AiUseStatus> {
    return this.governance.acceptNotice(caller, request.version);
  }

  @MessagePattern(AI_GOVERNANCE_SUBJECTS.ADMIT)
  admit(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(aiAdmissionRequestSchema)) request: AiAdmissionRequest): Promise<AiAdmission> {
    return this.governance.admit(caller, request.feature, currentRequestId() ?? null);
  }
}
