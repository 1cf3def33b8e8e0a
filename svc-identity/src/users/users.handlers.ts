import {
  Caller,
  ChangePasswordRequest,
  changePasswordRequestSchema,
  CreateUserRequest,
  createUserRequestSchema,
  getUserRequestSchema,
  GetUserRequest,
  IDENTITY_SUBJECTS,
  ImportUsersMessage,
  importUsersMessageSchema,
  ImportUsersReply,
  ListUsersQuery,
  listUsersQuerySchema,
  ResetPasswordMessage,
  resetPasswordMessageSchema,
  ResetPasswordReply,
  SsoAccountOfUserReply,
  SsoAccountOfUserRequest,
  ssoAccountOfUserRequestSchema,
  SsoSignInRequest,
  ssoSignInRequestSchema,
  UpdateProfileMessage,
  updateProfileMessageSchema,
  UpdateUserMessage,
  updateUserMessageSchema,
  UserList,
  UserReply,
  VerifyCredentialsRequest,
  verifyCredentialsRequestSchema,
} from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { PeopleImportService } from './import/people-import.service';
import { SsoAccountsService } from './sso-accounts.service';
import { UsersService } from './users.service';

/** Subjects that take no arguments accept an empty object (or nothing at all). */
const emptyRequestSchema = z.object({}).loose().optional();
/** No filters at all (no payload) is the first page of everyone. */
const listUsersRequestSchema = z.preprocess((payload) => payload ?? {}, listUsersQuerySchema);

/**
 * Sign-in and the session's user lookups come before anyone is known; everything else names its
 * caller in the header the gateway sets, and admin work checks the caller's role here too.
 */
@Controller()
export class UsersHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly peopleImport: PeopleImportService,
    private readonly ssoAccounts: SsoAccountsService,
  ) {}

  /** The gateway verified the id_token; the person is known by the provider's (issuer, subject). */
  @MessagePattern(IDENTITY_SUBJECTS.SSO_SIGN_IN)
  async ssoSignIn(@Payload(new ZodPayloadPipe(ssoSignInRequestSchema)) request: SsoSignInRequest): Promise<UserReply> {
    return { user: await this.ssoAccounts.signIn(request) };
  }

  @MessagePattern(IDENTITY_SUBJECTS.GET_SSO_ACCOUNT)
  ssoAccountOf(@Payload(new ZodPayloadPipe(ssoAccountOfUserRequestSchema)) request: SsoAccountOfUserRequest): Promise<SsoAccountOfUserReply> {
    return this.ssoAccounts.accountOf(request.id);
  }

  @MessagePattern(IDENTITY_SUBJECTS.VERIFY_CREDENTIALS)
  async verifyCredentials(
    @Payload(new ZodPayloadPipe(verifyCredentialsRequestSchema)) credentials: VerifyCredentialsRequest,
  ): Promise<UserReply> {
    return { user: await this.users.verifyCredentials(credentials) };
  }

  @MessagePattern(IDENTITY_SUBJECTS.GET_USER)
  async getUser(@Payload(new ZodPayloadPipe(getUserRequestSchema)) request: GetUserRequest): Promise<UserReply> {
    return { user: await this.users.getUser(request.id) };
  }

  @MessagePattern(IDENTITY_SUBJECTS.GET_DEMO_USER)
  async getDemoUser(@Payload(new ZodPayloadPipe(emptyRequestSchema)) _request: unknown): Promise<UserReply> {
    return { user: await this.users.getDemoUser() };
  }

  @MessagePattern(IDENTITY_SUBJECTS.UPDATE_PROFILE)
  async updateProfile(
    @Payload(new ZodPayloadPipe(updateProfileMessageSchema)) request: UpdateProfileMessage,
  ): Promise<UserReply> {
    return { user: await this.users.updateProfile(request.id, request.changes) };
  }

  @MessagePattern(IDENTITY_SUBJECTS.LIST_USERS)
  listUsers(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(listUsersRequestSchema)) query: ListUsersQuery,
  ): Promise<UserList> {
    requireAdmin(caller);
    return this.users.listUsers(query);
  }

  @MessagePattern(IDENTITY_SUBJECTS.CREATE_USER)
  async createUser(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(createUserRequestSchema)) request: CreateUserRequest,
  ): Promise<UserReply> {
    return { user: await this.users.createUser(caller, request) };
  }

  @MessagePattern(IDENTITY_SUBJECTS.IMPORT_USERS)
  importUsers(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(importUsersMessageSchema)) request: ImportUsersMessage,
  ): Promise<ImportUsersReply> {
    return this.peopleImport.importPeople(caller, request.contentBase64);
  }

  @MessagePattern(IDENTITY_SUBJECTS.UPDATE_USER)
  async updateUser(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(updateUserMessageSchema)) request: UpdateUserMessage,
  ): Promise<UserReply> {
    return { user: await this.users.updateUser(caller, request.id, request.changes) };
  }

  @MessagePattern(IDENTITY_SUBJECTS.RESET_PASSWORD)
  resetPassword(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(resetPasswordMessageSchema)) request: ResetPasswordMessage,
  ): Promise<ResetPasswordReply> {
    return this.users.resetPassword(caller, request.id, request.password);
  }

  @MessagePattern(IDENTITY_SUBJECTS.CHANGE_PASSWORD)
  async changePassword(
    @RequestCaller() caller: Caller,
    @Payload(new ZodPayloadPipe(changePasswordRequestSchema)) request: ChangePasswordRequest,
  ): Promise<UserReply> {
    return { user: await this.users.changePassword(caller, request) };
  }
}
