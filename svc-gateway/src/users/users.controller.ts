import {
  CreateUserRequest,
  createUserRequestSchema,
  ImportUsersReply,
  importUsersReplySchema,
  ListUsersQuery,
  listUsersQuerySchema,
  PEOPLE_IMPORT_FILE_FIELD,
  ResetPasswordReply,
  resetPasswordReplySchema,
  ResetPasswordRequest,
  resetPasswordRequestSchema,
  UpdateUserRequest,
  updateUserRequestSchema,
  UserList,
  userListSchema,
  UserReply,
  userReplySchema,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { IdentityClient } from '../identity/identity.client';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { badRequest } from '../uploads/multipart-errors';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { PeopleImportUploadInterceptor } from './people-import-upload.interceptor';

/** Hashing up to 500 passwords at ~10 ms each on a busy machine: well inside a minute. */
export const PEOPLE_IMPORT_TIMEOUT_MS = 60_000;

const userIdParam = ApiParam({ name: 'id', format: 'uuid', description: 'The person’s user id' });
const userId = new NotFoundUnlessUuidPipe('User not found');

/**
 * People management, admins only (identity checks the caller's role again). An admin never
 * changes their own role, active flag or password here; identity refuses it with 403.
 */
@ApiTags('admin')
@ApiCookieAuth()
@ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin (or acting on yourself)' })
@Roles('admin')
@Controller('api/admin/users')
export class UsersController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  @ApiOperation({ summary: 'People, in username order, filtered by search, role and status' })
  @ApiQueryFrom(listUsersQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(userListSchema) })
  list(@Query(new ZodValidationPipe(listUsersQuerySchema)) query: ListUsersQuery): Promise<UserList> {
    return this.identity.listUsers(query);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a person' })
  @ApiBody({ schema: openApiSchemaOf(createUserRequestSchema, 'input') })
  @ApiCreatedResponse({ schema: openApiSchemaOf(userReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A field is invalid; the message names it' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: 'That username is already taken' })
  async create(@Body(new ZodValidationPipe(createUserRequestSchema)) person: CreateUserRequest): Promise<UserReply> {
    return { user: await this.identity.createUser(person) };
  }

  @Post('import')
  @HttpCode(200)
  @UseInterceptors(PeopleImportUploadInterceptor)
  @ApiOperation({
    summary: 'Import people from a CSV file: valid rows are added together, invalid rows refused with their reason',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: [PEOPLE_IMPORT_FILE_FIELD], properties: { [PEOPLE_IMPORT_FILE_FIELD]: { type: 'string', format: 'binary' } } },
  })
  @ApiOkResponse({ schema: openApiSchemaOf(importUsersReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Not a CSV file, empty, too many rows or a wrong header: nobody added' })
  @ApiPayloadTooLargeResponse({ schema: errorReplyOpenApi })
  importPeople(@UploadedFile() file: Express.Multer.File | undefined): Promise<ImportUsersReply> {
    if (!file) throw badRequest('Please choose a CSV file to import');
    return this.identity.importUsers({ fileName: file.originalname, content: file.buffer }, PEOPLE_IMPORT_TIMEOUT_MS);
  }

  @Patch(':id')
  @userIdParam
  @ApiOperation({ summary: 'Change a person’s role or deactivate / reactivate them (never yourself)' })
  @ApiBody({ schema: openApiSchemaOf(updateUserRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(userReplySchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: 'At least one active admin must remain' })
  async update(
    @Param('id', userId) id: string,
    @Body(new ZodValidationPipe(updateUserRequestSchema)) changes: UpdateUserRequest,
  ): Promise<UserReply> {
    return { user: await this.identity.updateUser(id, changes) };
  }

  @Post(':id/password')
  @HttpCode(200)
  @userIdParam
  @ApiOperation({
    summary: 'Reset a person’s password to the one given, or to a generated one shown once; they change it at next sign-in',
  })
  @ApiBody({ schema: openApiSchemaOf(resetPasswordRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(resetPasswordReplySchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi })
  resetPassword(
    @Param('id', userId) id: string,
    @Body(new ZodValidationPipe(resetPasswordRequestSchema)) request: ResetPasswordRequest,
  ): Promise<ResetPasswordReply> {
    return this.identity.resetPassword(id, request.password);
  }
}
