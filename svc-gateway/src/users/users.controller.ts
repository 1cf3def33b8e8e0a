import { UserList, userListSchema } from '@masar/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { IdentityClient } from '../identity/identity.client';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';

@ApiTags('admin')
@ApiCookieAuth()
@Controller('api/admin/users')
export class UsersController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: 'Every user (admins only)' })
  @ApiOkResponse({ schema: openApiSchemaOf(userListSchema) })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  list(): Promise<UserList> {
    return this.identity.listUsers();
  }
}
