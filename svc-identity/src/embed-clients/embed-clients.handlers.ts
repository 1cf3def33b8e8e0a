import {
  AuthorizeEmbedClientReply,
  AuthorizeEmbedClientRequest,
  authorizeEmbedClientRequestSchema,
  Caller,
  CreateEmbedClientRequest,
  createEmbedClientRequestSchema,
  CreatedEmbedClient,
  EmbedClient,
  EmbedClientIdRequest,
  embedClientIdRequestSchema,
  EmbedClientList,
  embedClientActiveRequestSchema,
  IDENTITY_SUBJECTS,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { EmbedClientsService } from './embed-clients.service';

const listRequestSchema = z.object({}).loose().optional();

/** Admins manage embed clients (the service checks the caller's role); the gateway checks their credentials. */
@Controller()
export class EmbedClientsHandlers {
  constructor(private readonly embedClients: EmbedClientsService) {}

  @MessagePattern(IDENTITY_SUBJECTS.EMBED_CLIENTS_CREATE)
  create(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(createEmbedClientRequestSchema)) request: CreateEmbedClientRequest,
  ): Promise<CreatedEmbedClient> {
    return this.embedClients.create(caller, request.name);
  }

  @MessagePattern(IDENTITY_SUBJECTS.EMBED_CLIENTS_LIST)
  list(@RequestCaller() caller: Caller, @Payload(new ZodPayloadPipe(listRequestSchema)) _request: unknown): Promise<EmbedClientList> {
    return this.embedClients.list(caller);
  }

  @MessagePattern(IDENTITY_SUBJECTS.EMBED_CLIENTS_REVOKE)
  revoke(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(embedClientIdRequestSchema)) request: EmbedClientIdRequest,
  ): Promise<EmbedClient> {
    return this.embedClients.revoke(caller, request.id);
  }

  @MessagePattern(IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE)
  authorize(
    @Payload(new ZodPayloadPipe(authorizeEmbedClientRequestSchema)) request: AuthorizeEmbedClientRequest,
  ): Promise<AuthorizeEmbedClientReply> {
    return this.embedClients.authorize(request);
  }

  @MessagePattern(IDENTITY_SUBJECTS.EMBED_CLIENTS_ACTIVE)
  async active(@Payload(new ZodPayloadPipe(embedClientActiveRequestSchema)) request: { clientId: string }): Promise<{ active: boolean }> {
    return { active: await this.embedClients.isActive(request.clientId) };
  }
}
