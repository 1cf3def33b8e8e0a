import {
  CreateEmbedClientRequest,
  createEmbedClientRequestSchema,
  CreatedEmbedClient,
  createdEmbedClientSchema,
  EmbedClient,
  EmbedClientList,
  embedClientListSchema,
  embedClientSchema,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { IdentityClient } from '../identity/identity.client';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/** Embed client credentials, admins only (identity checks the role again). */
@ApiTags('admin')
@ApiCookieAuth()
@ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
@Roles('admin')
@Controller('api/admin/embed-clients')
export class EmbedClientsController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  @ApiOperation({ summary: 'Embed clients, newest first (never their secrets)' })
  @ApiOkResponse({ schema: openApiSchemaOf(embedClientListSchema) })
  list(): Promise<EmbedClientList> {
    return this.identity.listEmbedClients();
  }

  @Post()
  @ApiOperation({ summary: 'Create an embed client; the reply is the only time its secret is shown' })
  @ApiBody({ schema: openApiSchemaOf(createEmbedClientRequestSchema) })
  @ApiCreatedResponse({ schema: openApiSchemaOf(createdEmbedClientSchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A missing or blank name' })
  create(@Body(new ZodValidationPipe(createEmbedClientRequestSchema)) body: CreateEmbedClientRequest): Promise<CreatedEmbedClient> {
    return this.identity.createEmbedClient(body.name);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an embed client: its credentials and the tokens it issued stop working' })
  @ApiOkResponse({ schema: openApiSchemaOf(embedClientSchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'No embed client has this id' })
  revoke(@Param('id', new NotFoundUnlessUuidPipe('Embed client not found')) id: string): Promise<EmbedClient> {
    return this.identity.revokeEmbedClient(id);
  }
}
