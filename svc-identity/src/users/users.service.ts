import {
  describeValidationError,
  LoginRequest,
  UpdateProfileRequest,
  updateProfileRequestSchema,
  User,
  UserList,
  UserRole,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { IDENTITY_CONFIG, IdentityConfig, SeededAccount } from '../config';
import { rpcError } from '../errors/rpc-error';
import { UserEntity } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';

/** Deliberately the same for an unknown username and a wrong password. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const USER_NOT_FOUND_MESSAGE = 'User not found';

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** What every boundary sees of a user: never the password hash. */
export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    username: entity.username,
    role: entity.role,
    firstName: entity.firstName,
    lastName: entity.lastName,
    email: entity.email,
    preferredLanguage: entity.preferredLanguage,
    createdAt: entity.createdAt.toISOString(),
  };
}

/** The slice of pg's Pool used for named (server-side prepared) statements. */
interface PreparedStatementPool {
  query(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: UserEntity[] }>;
}

/**
 * SELECT of every UserEntity column, aliased to its property name, so a row reads as the entity.
 * Built once from the entity metadata: the column list cannot drift from the entity.
 */
function selectUserByIdSql(users: Repository<UserEntity>): string {
  const { columns, schema, tableName } = users.metadata;
  const list = columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`).join(', ');
  return `SELECT ${list} FROM "${schema}"."${tableName}" WHERE "id" = $1`;
}

@Injectable()
export class UsersService {
  /**
   * getUser runs behind every signed-in page (GET /api/auth/user): a named statement that Postgres
   * plans once per connection, run on TypeORM's own pool, instead of building the query per call.
   */
  private readonly userById: { name: string; text: string };

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly passwords: PasswordHasher,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.userById = { name: 'identity_user_by_id', text: selectUserByIdSql(users) };
  }

  async verifyCredentials(credentials: LoginRequest): Promise<User> {
    const user = await this.users.findOneBy({ username: normalizeUsername(credentials.username) });
    const passwordMatches = user
      ? await this.passwords.verify(user.passwordHash, credentials.password)
      : await this.passwords.verifyAgainstDecoy(credentials.password);
    if (!user || !passwordMatches) {
      throw rpcError(401, INVALID_CREDENTIALS_MESSAGE);
    }
    return toUser(user);
  }

  async getUser(id: string): Promise<User> {
    const pool = (this.users.manager.connection.driver as PostgresDriver).master as PreparedStatementPool;
    const { rows } = await pool.query({ ...this.userById, values: [id] });
    const user = rows[0];
    if (!user) {
      throw rpcError(404, USER_NOT_FOUND_MESSAGE);
    }
    return toUser(user);
  }

  async getDemoUser(): Promise<User> {
    const user = await this.users.findOneBy({ username: normalizeUsername(this.config.demo.username) });
    if (!user) {
      throw rpcError(404, 'The demo account is not available');
    }
    return toUser(user);
  }

  /**
   * Changes what a person may change about themselves. The strict schema is applied
   * here as well as at every boundary, so no caller can slip a `role` through.
   */
  async updateProfile(id: string, changes: UpdateProfileRequest): Promise<User> {
    const parsed = updateProfileRequestSchema.safeParse(changes);
    if (!parsed.success) {
      throw rpcError(400, describeValidationError(parsed.error));
    }
    const user = await this.users.findOneBy({ id });
    if (!user) {
      throw rpcError(404, USER_NOT_FOUND_MESSAGE);
    }
    const { firstName, lastName, preferredLanguage } = parsed.data;
    if (firstName !== undefined) user.firstName = firstName;
    if (lastName !== undefined) user.lastName = lastName;
    if (preferredLanguage !== undefined) user.preferredLanguage = preferredLanguage;
    return toUser(await this.users.save(user));
  }

  async listUsers(): Promise<UserList> {
    const [entities, total] = await this.users.findAndCount({ order: { createdAt: 'ASC', username: 'ASC' } });
    return { items: entities.map(toUser), total };
  }

  /**
   * Creates a configured account unless its username is taken. Never overwrites an
   * existing account (its password may have been changed since), and is safe when two
   * instances start at once: the insert simply does nothing on a conflict.
   */
  async ensureAccount(account: SeededAccount, role: UserRole): Promise<boolean> {
    const username = normalizeUsername(account.username);
    if (await this.users.existsBy({ username })) {
      return false;
    }
    const result = await this.users
      .createQueryBuilder()
      .insert()
      .values({
        username,
        passwordHash: await this.passwords.hash(account.password),
        role,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        preferredLanguage: 'en',
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}
