import {
  getUserRequestSchema,
  GetUserRequest,
  IDENTITY_SUBJECTS,
  UpdateProfileMessage,
  updateProfileMessageSchema,
  UserList,
  UserReply,
  VerifyCredentialsRequest,
  verifyCredentialsRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { UsersService } from './users.service';

/** Subjects that take no arguments accept an empty object (or nothing at all). */
const emptyRequestSchema = z.object({}).loose().optional();

@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

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
  listUsers(@Payload(new ZodPayloadPipe(emptyRequestSchema)) _request: unknown): Promise<UserList> {
    return this.users.listUsers();
  }
}
