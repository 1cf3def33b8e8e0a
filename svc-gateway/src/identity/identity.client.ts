import {
  IDENTITY_SUBJECTS,
  LoginRequest,
  UpdateProfileRequest,
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

  listUsers(): Promise<UserList> {
    return this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.LIST_USERS,
      payload: {},
      reply: userListSchema,
    });
  }
}
