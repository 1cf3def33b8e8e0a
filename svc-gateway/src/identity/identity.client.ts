import {
  AuthorizeEmbedClientReply,
  authorizeEmbedClientReplySchema,
  AuthorizeEmbedClientRequest,
  CreatedEmbedClient,
  createdEmbedClientSchema,
  EmbedClient,
  embedClientActiveReplySchema,
  EmbedClientList,
  embedClientListSchema,
  embedClientSchema,
  ChangePasswordRequest,
  CreateUserRequest,
  IDENTITY_SUBJECTS,
  ImportUsersReply,
  importUsersReplySchema,
  ListUsersQuery,
  LoginRequest,
  ResetPasswordReply,
  SsoSignInRequest,
  resetPasswordReplySchema,
  UpdateProfileRequest,
  UpdateUserRequest,
  User,
  UserList,
  userListSchema,
  userReplySchema,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';
import { RecentUsers } from './recent-users';

/** People whose user the gateway keeps at once (each a few hundred bytes). */
const RECENT_USERS_CAPACITY = 10_000;

/**
 * Everything the gateway asks svc-identity, each answer checked against its contract. Every change
 * it forwards forgets the changed user from the session guard's recent users, so the person's next
 * request reads their new role, active flag or password state.
 */
@Injectable()
export class IdentityClient {
  private readonly recentUsers: RecentUsers;

  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.recentUsers = new RecentUsers(RECENT_USERS_CAPACITY, config.session.userCacheMs);
  }

  /**
   * The signed-in user for the session guard: read from identity, or kept from a read at most
   * SESSION_USER_CACHE_MS ago with no change forwarded since.
   */
  async signedInUser(id: string): Promise<User> {
    const kept = this.recentUsers.get(id);
    if (kept !== undefined) return kept;
    const readStartedAt = this.recentUsers.readStarted();
    const user = await this.getUser(id);
    this.recentUsers.set(user, readStartedAt);
    return user;
  }

  /** The guard found the user gone or deactivated, or a change is on its way: read them again next time. */
  forgetUser(id: string): void {
    this.recentUsers.forget(id);
  }

  /** Forgets the user before and after a change to them, whether or not identity accepted it. */
  private async changing<T>(id: string, change: () => Promise<T>): Promise<T> {
    this.forgetUser(id);
    try {
      return await change();
    } finally {
      this.forgetUser(id);
    }
  }

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

  /** Finds or creates the person behind a verified id_token; rejects with identity's 403 when deactivated. */
  async ssoSignIn(person: SsoSignInRequest): Promise<User> {
    const reply = await this.services.request({
      service: 'identity',
      subject: IDENTITY_SUBJECTS.SSO_SIGN_IN,
      payload: person,
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
    const reply = await this.changing(id, () =>
      this.services.request({
        service: 'identity',
        subject: IDENTITY_SUBJECTS.UPDATE_PROFILE,
        payload: { id, changes },
        reply: userReplySchema,
      }),
    );
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
    const reply = await this.changing(id, () =>
      this.services.request({
        service: 'identity',
        subject: IDENTITY_SUBJECTS.UPDATE_USER,
        payload: { id, changes },
        reply: userReplySchema,
      }),
    );
    return reply.user;
  }

  resetPassword(id: string, password?: string): Promise<ResetPasswordReply> {
    return this.changing(id, () =>
      this.services.request({
        service: 'identity',
        subject: IDENTITY_SUBJECTS.RESET_PASSWORD,
        payload: password === undefined ? { id } : { id, password },
        reply: resetPasswordReplySchema,
      }),
    );
  }

  /**
   * The caller's own password: identity reads whose from the caller header, never from the body; the
   * gateway forgets that caller (`callerId`) around it.
   */
  async changePassword(callerId: string, request: ChangePasswordRequest): Promise<User> {
    const reply = await this.changing(callerId, () =>
      this.services.request({
        service: 'identity',
        subject: IDENTITY_SUBJECTS.CHANGE_PASSWORD,
        payload: request,
        reply: userReplySchema,
      }),
    );
    return reply.user;
  }

  /** A suite's server credentials, and the active person an embed token is for (401 / 404 otherwise). */
  authorizeEmbedClient(request: AuthorizeEmbedClientRequest): Promise<AuthorizeEmbedClientReply> {
    return this.services.request({ service: 'identity', subject: IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE, payload: request, reply: authorizeEmbedClientReplySchema });
  }

  async isEmbedClientActive(clientId: string): Promise<boolean> {
    const reply = await this.services.request({ service: 'identity', subject: IDENTITY_SUBJECTS.EMBED_CLIENTS_ACTIVE, payload: { clientId }, reply: embedClientActiveReplySchema });
    return reply.active;
  }

  createEmbedClient(name: string): Promise<CreatedEmbedClient> {
    return this.services.request({ service: 'identity', subject: IDENTITY_SUBJECTS.EMBED_CLIENTS_CREATE, payload: { name }, reply: createdEmbedClientSchema });
  }

  listEmbedClients(): Promise<EmbedClientList> {
    return this.services.request({ service: 'identity', subject: IDENTITY_SUBJECTS.EMBED_CLIENTS_LIST, payload: {}, reply: embedClientListSchema });
  }

  revokeEmbedClient(id: string): Promise<EmbedClient> {
    return this.services.request({ service: 'identity', subject: IDENTITY_SUBJECTS.EMBED_CLIENTS_REVOKE, payload: { id }, reply: embedClientSchema });
  }
}
