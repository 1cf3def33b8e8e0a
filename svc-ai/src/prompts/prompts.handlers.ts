import {
  AI_SUBJECTS,
  Caller,
  GetPromptRequest,
  getPromptRequestSchema,
  PromptIdRequest,
  promptIdRequestSchema,
  PromptTemplate,
  PromptTemplateList,
  PromptTemplateVersionList,
  RestorePromptMessage,
  restorePromptMessageSchema,
  UpdatePromptMessage,
  updatePromptMessageSchema,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { PromptTemplatesService } from './prompt-templates.service';

/** The list takes no arguments: an empty object, or nothing at all. */
const listPromptsRequestSchema = z.object({}).strict().optional();

/** Every prompt subject names its caller (the gateway's header); the service refuses anyone but an admin. */
@Controller()
export class PromptsHandlers {
  constructor(private readonly prompts: PromptTemplatesService) {}

  @MessagePattern(AI_SUBJECTS.LIST_PROMPTS)
  list(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(listPromptsRequestSchema)) _request: unknown): Promise<PromptTemplateList> {
    return this.prompts.list(caller);
  }

  @MessagePattern(AI_SUBJECTS.GET_PROMPT)
  get(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(getPromptRequestSchema)) request: GetPromptRequest): Promise<PromptTemplate> {
    return this.prompts.get(caller, request);
  }

  @MessagePattern(AI_SUBJECTS.UPDATE_PROMPT)
  update(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(updatePromptMessageSchema)) request: UpdatePromptMessage,
  ): Promise<PromptTemplate> {
    return this.prompts.update(caller, request.id, request.changes);
  }

  @MessagePattern(AI_SUBJECTS.LIST_PROMPT_VERSIONS)
  versions(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(promptIdRequestSchema)) request: PromptIdRequest,
  ): Promise<PromptTemplateVersionList> {
    return this.prompts.listVersions(caller, request.id);
  }

  @MessagePattern(AI_SUBJECTS.RESTORE_PROMPT_VERSION)
  restore(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(restorePromptMessageSchema)) request: RestorePromptMessage,
  ): Promise<PromptTemplate> {
    return this.prompts.restore(caller, request.id, request.version);
  }
}
