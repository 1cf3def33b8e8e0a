import {
  Caller,
  ChangePasswordRequest,
  CreateUserRequest,
  createUserRequestSchema,
  describeValidationError,
  ListUsersQuery,
  LoginRequest,
  normalizeUsername,
  ResetPasswordReply,
  UpdateProfileRequest,
  updateProfileRequestSchema,
  UpdateUserRequest,
  User,
  UserList,
  USERNAME_TAKEN_MESSAGE,
  UserRole,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, EntityManager, Repository } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { IDENTITY_CONFIG, IdentityConfig, SeededAccount } from '../config';
import { requireAdmin, rpcError } from '@masar/contracts/service-kit';
import { UserEntity } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';
import { generatePassword, passwordPolicyProblem } from './password-policy';

/** Deliberately the same for an unknown username, a wrong password and a deactivated account. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const NOT_ON_YOURSELF_MESSAGE = 'You cannot change your own role or deactivate your own account';
export const OWN_PASSWORD_RESET_MESSAGE = 'Use "Change password" to change your own password';
export const LAST_ADMIN_MESSAGE = 'At least one active admin must remain';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct';
export const SAME_PASSWORD_MESSAGE = 'Choose a password different from your current one';

export { normalizeUsername };

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
    active: entity.active,
    mustChangePassword: entity.mustChangePassword,
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

/** `%` and `_` typed into the search box are searched for, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A user about to be inserted: checked, with the password already hashed. */
export type NewUserRow = Pick<
  UserEntity,
  'username' | 'passwordHash' | 'role' | 'firstName' | 'lastName' | 'email' | 'preferredLanguage' | 'mustChangePassword'
>;

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

  /**
   * A deactivated account gets the very answer of a wrong password, after the same argon2 work:
   * nobody learns from the sign-in screen which accounts exist or were switched off.
   */
  async verifyCredentials(credentials: LoginRequest): Promise<User> {
    const user = await this.users.findOneBy({ username: normalizeUsername(credentials.username) });
    const passwordMatches = user
      ? await this.passwords.verify(user.passwordHash, credentials.password)
      : await this.passwords.verifyAgainstDecoy(credentials.password);
    if (!user || !passwordMatches || !user.active) {
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
    if (!user || !user.active) {
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
    const user = await this.findOrFail(id);
    const { firstName, lastName, preferredLanguage } = parsed.data;
    if (firstName !== undefined) user.firstName = firstName;
    if (lastName !== undefined) user.lastName = lastName;
    if (preferredLanguage !== undefined) user.preferredLanguage = preferredLanguage;
    return toUser(await this.users.save(user));
  }

  /** One page of people in username order, filtered by a search text, a role and a status. */
  async listUsers(query: ListUsersQuery = { page: 1, pageSize: 20 }): Promise<UserList> {
    const builder = this.users.createQueryBuilder('person');
    if (query.search) {
      const pattern = likePattern(query.search);
      builder.andWhere(
        new Brackets((where) =>
          where
            .where('person.username ILIKE :pattern', { pattern })
            .orWhere('person.firstName ILIKE :pattern')
            .orWhere('person.lastName ILIKE :pattern')
            .orWhere('person.email ILIKE :pattern')
            .orWhere(`(person.firstName || ' ' || person.lastName) ILIKE :pattern`),
        ),
      );
    }
    if (query.role) builder.andWhere('person.role = :role', { role: query.role });
    if (query.status) builder.andWhere('person.active = :active', { active: query.status === 'active' });
    const [entities, total] = await builder
      .orderBy('person.username', 'ASC')
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize)
      .getManyAndCount();
    return { items: entities.map(toUser), total, page: query.page, pageSize: query.pageSize };
  }

  /** An admin adds a person; a taken username (in any case or look-alike form) is a 409. */
  async createUser(caller: Caller, request: CreateUserRequest): Promise<User> {
    requireAdmin(caller);
    const parsed = createUserRequestSchema.safeParse(request);
    if (!parsed.success) throw rpcError(400, describeValidationError(parsed.error));
    const person = parsed.data;
    const problem = passwordPolicyProblem(person.password, person.username);
    if (problem) throw rpcError(400, `password: ${problem}`);
    const [created] = await this.insertUsers(this.users.manager, [
      {
        username: person.username,
        passwordHash: await this.passwords.hash(person.password),
        role: person.role,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        preferredLanguage: person.preferredLanguage,
        mustChangePassword: person.mustChangePassword,
      },
    ]);
    if (!created) throw rpcError(409, USERNAME_TAKEN_MESSAGE);
    return toUser(created);
  }

  /**
   * Inserts people in one statement; a username that exists (or arrives at the same moment from
   * another request) is skipped rather than failing the rest. Returns those actually inserted.
   */
  async insertUsers(manager: EntityManager, rows: NewUserRow[]): Promise<UserEntity[]> {
    if (rows.length === 0) return [];
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values(rows)
      .orIgnore()
      .returning('*')
      .execute();
    return (result.raw as Record<string, unknown>[]).map((raw) => this.users.create(this.fromRawRow(raw)));
  }

  /** The import's valid rows: all of them or, on a failure, none. */
  insertManyInOneTransaction(rows: NewUserRow[]): Promise<UserEntity[]> {
    return this.users.manager.transaction((manager) => this.insertUsers(manager, rows));
  }

  /** Usernames among these that already exist. */
  async existingUsernames(usernames: string[]): Promise<Set<string>> {
    if (usernames.length === 0) return new Set();
    const rows = await this.users
      .createQueryBuilder('person')
      .select('person.username', 'username')
      .where('person.username = ANY(:usernames)', { usernames })
      .getRawMany<{ username: string }>();
    return new Set(rows.map((row) => row.username));
  }

  /**
   * An admin changes someone's role or active flag, never their own, and never so that no
   * active admin is left (admins' rows are locked so two admins demoting each other cannot).
   */
  async updateUser(caller: Caller, id: string, changes: UpdateUserRequest): Promise<User> {
    requireAdmin(caller);
    if (id === caller.id) throw rpcError(403, NOT_ON_YOURSELF_MESSAGE);
    return this.users.manager.transaction(async (manager) => {
      const activeAdmins = await manager
        .createQueryBuilder(UserEntity, 'admin')
        .setLock('pessimistic_write')
        .where('admin.role = :role AND admin.active', { role: 'admin' })
        .getMany();
      const user = await manager.findOne(UserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw rpcError(404, USER_NOT_FOUND_MESSAGE);
      if (changes.role !== undefined) user.role = changes.role;
      if (changes.active !== undefined) user.active = changes.active;
      const adminsLeft = activeAdmins.filter((admin) => admin.id !== id).length + (user.role === 'admin' && user.active ? 1 : 0);
      if (adminsLeft === 0) throw rpcError(409, LAST_ADMIN_MESSAGE);
      return toUser(await manager.save(user));
    });
  }

  /**
   * An admin gives someone a new password, their own or a generated one (returned once); either
   * way the person must choose their own at the next sign-in. An admin's own password is changed
   * with the current one, never through here.
   */
  async resetPassword(caller: Caller, id: string, password?: string): Promise<ResetPasswordReply> {
    requireAdmin(caller);
    if (id === caller.id) throw rpcError(403, OWN_PASSWORD_RESET_MESSAGE);
    const user = await this.findOrFail(id);
    const newPassword = password ?? generatePassword();
    const problem = passwordPolicyProblem(newPassword, user.username);
    if (problem) throw rpcError(400, `password: ${problem}`);
    user.passwordHash = await this.passwords.hash(newPassword);
    user.mustChangePassword = true;
    user.passwordChangedAt = new Date();
    const saved = toUser(await this.users.save(user));
    return password === undefined ? { user: saved, temporaryPassword: newPassword } : { user: saved };
  }

  /** The caller changes their own password, proving they know the current one. */
  async changePassword(caller: Caller, request: ChangePasswordRequest): Promise<User> {
    const user = await this.findOrFail(caller.id);
    if (!user.active) throw rpcError(401, INVALID_CREDENTIALS_MESSAGE);
    if (!(await this.passwords.verify(user.passwordHash, request.currentPassword))) {
      throw rpcError(400, `currentPassword: ${WRONG_CURRENT_PASSWORD_MESSAGE}`);
    }
    const problem = passwordPolicyProblem(request.newPassword, user.username);
    if (problem) throw rpcError(400, `newPassword: ${problem}`);
    if (await this.passwords.verify(user.passwordHash, request.newPassword)) {
      throw rpcError(400, `newPassword: ${SAME_PASSWORD_MESSAGE}`);
    }
    user.passwordHash = await this.passwords.hash(request.newPassword);
    user.mustChangePassword = false;
    user.passwordChangedAt = new Date();
    return toUser(await this.users.save(user));
  }

  hashPassword(password: string): Promise<string> {
    return this.passwords.hash(password);
  }

  /**
   * Creates a configured account unless its username is taken. Never overwrites an
   * existing account (its password may have been changed since), and is safe when two
   * instances start at once: the insert simply does nothing on a conflict.
   */
  async ensureAccount(account: SeededAccount, role: UserRole, options: { mustChangePassword?: boolean } = {}): Promise<boolean> {
    const username = normalizeUsername(account.username);
    if (await this.users.existsBy({ username })) {
      return false;
    }
    const inserted = await this.insertUsers(this.users.manager, [
      {
        username,
        passwordHash: await this.passwords.hash(account.password),
        role,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        preferredLanguage: 'en',
        mustChangePassword: options.mustChangePassword ?? false,
      },
    ]);
    return inserted.length > 0;
  }

  private async findOrFail(id: string): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw rpcError(404, USER_NOT_FOUND_MESSAGE);
    return user;
  }

  /** A RETURNING * row (column names) as entity properties. */
  private fromRawRow(raw: Record<string, unknown>): Partial<UserEntity> {
    const entity: Record<string, unknown> = {};
    for (const column of this.users.metadata.columns) entity[column.propertyName] = raw[column.databaseName];
    return entity as Partial<UserEntity>;
  }
}
