import {
  ChangePasswordRequest,
  CreateUserRequest,
  IDENTITY_SUBJECTS,
  ImportUsersReply,
  importUsersReplySchema,
  ListUsersQuery,
  LoginRequest,
  ResetPasswordReply,
  resetPasswordReplySchema,
  UpdateProfileRequest,
  UpdateUserRequest,
  User,
  UserList,
  userListSchema,
  userReplySchema,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** Everything the gateway asks svc-identity, each answer checked against its contract. */
@Injectable()
export class IdentityClient {
  constructor(private readonly services: ServiceClient) {}

  /** Resolves with the user, or rejects with identity's 401 (never saying which field was wrong). */
  async verifyCredentials(credentials: LoginRequest): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.VERIFY_CREDENTIALS,
      payload: credentials,
      reply: userReplySchema,
    });
    return reply.user;
  }

  async getUser(id: string): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.GET_USER,
      payload: { id },
      reply: userReplySchema,
    });
    return reply.user;
  }

  async getDemoUser(): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.GET_DEMO_USER,
      payload: {},
      reply: userReplySchema,
    });
    return reply.user;
  }

  async updateProfile(id: string, changes: UpdateProfileRequest): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.UPDATE_PROFILE,
      payload: { id, changes },
      reply: userReplySchema,
    });
    return reply.user;
  }

  /** The admin calls below name their caller in the NATS header the session guard set; identity checks the role too. */
  listUsers(query: ListUsersQuery = { page: 1, pageSize: 20 }): Promise<UserList> {
    return this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.LIST_USERS,
      payload: query,
      reply: userListSchema,
    });
  }

  async createUser(person: CreateUserRequest): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.CREATE_USER,
      payload: person,
      reply: userReplySchema,
    });
    return reply.user;
  }

  /** Hashing a password per person takes time: the import waits `timeoutMs` rather than the usual few seconds. */
  importUsers(file: { fileName: string; content: Buffer }, timeoutMs: number): Promise<ImportUsersReply> {
    return this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.IMPORT_USERS,
      payload: { fileName: file.fileName, contentBase64: file.content.toString('base64') },
      reply: importUsersReplySchema,
      timeoutMs,
    });
  }

  async updateUser(id: string, changes: UpdateUserRequest): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.UPDATE_USER,
      payload: { id, changes },
      reply: userReplySchema,
    });
    return reply.user;
  }

  resetPassword(id: string, password?: string): Promise<ResetPasswordReply> {
    return this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.RESET_PASSWORD,
      payload: password === undefined ? { id } : { id, password },
      reply: resetPasswordReplySchema,
    });
  }

  /** The caller's own password: identity reads whose from the caller header, never from the body. */
  async changePassword(request: ChangePasswordRequest): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.CHANGE_PASSWORD,
      payload: request,
      reply: userReplySchema,
    });
    return reply.user;
  }
}
