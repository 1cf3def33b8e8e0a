import { SSO_ACCOUNT_DEACTIVATED_MESSAGE, SsoAccountOfUserReply, SsoSignInRequest, User } from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { SsoAccountEntity } from './entities/sso-account.entity';
import { UserEntity } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';
import { toUser, USER_NOT_FOUND_MESSAGE, UsersService } from './users.service';

/** Usernames are at most 100 characters; leave room for a "-1a2b3c" suffix. */
const USERNAME_BASE_LENGTH = 90;

/**
 * Single sign-on accounts. The provider's (issuer, subject) is the key: an email can be reused or
 * changed at the provider, so an existing local account with the same email is never taken over.
 */
@Injectable()
export class SsoAccountsService {
  constructor(
    @InjectRepository(SsoAccountEntity) private readonly links: Repository<SsoAccountEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly usersService: UsersService,
    private readonly passwords: PasswordHasher,
  ) {}

  async signIn(request: SsoSignInRequest): Promise<User> {
    const existing = await this.linkedUser(request);
    if (existing) return existing;
    try {
      return await this.createLinkedUser(request);
    } catch (error) {
      // Two first sign-ins at once: the other one made the link; use it.
      const linked = await this.linkedUser(request);
      if (linked) return linked;
      throw error;
    }
  }

  /** The first provider link of a person (null without one); 404 when the person does not exist. */
  async accountOf(userId: string): Promise<SsoAccountOfUserReply> {
    if (!(await this.users.existsBy({ id: userId }))) throw rpcError(404, USER_NOT_FOUND_MESSAGE);
    const link = await this.links.findOne({ where: { userId }, order: { createdAt: 'ASC', issuer: 'ASC' } });
    return { ssoAccount: link ? { issuer: link.issuer, subject: link.subject } : null };
  }

  private async linkedUser(request: SsoSignInRequest): Promise<User | undefined> {
    const link = await this.links.findOneBy({ issuer: request.issuer, subject: request.subject });
    if (!link) return undefined;
    const user = await this.users.findOneByOrFail({ id: link.userId });
    if (!user.active) throw rpcError(403, SSO_ACCOUNT_DEACTIVATED_MESSAGE);
    return toUser(user);
  }

  /** The account and its link in one transaction; the password is random and never shown (sign-in goes through the provider). */
  private async createLinkedUser(request: SsoSignInRequest): Promise<User> {
    const passwordHash = await this.passwords.hash(randomBytes(32).toString('base64url'));
    const base = request.email.slice(0, USERNAME_BASE_LENGTH);
    return this.users.manager.transaction(async (manager) => {
      let created: UserEntity | undefined;
      for (const username of [base, `${base}-${randomBytes(3).toString('hex')}`, `${base}-${randomBytes(6).toString('hex')}`]) {
        [created] = await this.usersService.insertUsers(manager, [
          {
            username,
            passwordHash,
            role: request.role,
            firstName: request.firstName,
            lastName: request.lastName,
            email: request.email,
            preferredLanguage: request.language,
            mustChangePassword: false,
          },
        ]);
        if (created) break;
      }
      if (!created) throw rpcError(409, 'No free username could be made from this email address');
      await manager.insert(SsoAccountEntity, { issuer: request.issuer, subject: request.subject, userId: created.id });
      return toUser(created);
    });
  }
}
