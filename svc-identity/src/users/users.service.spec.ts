import { ErrorReply, userSchema } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';
import { IdentityConfig, loadConfig } from '../config';
import { identityDataSourceOptions } from '../database/database-options';
import { runIdentityMigrations } from '../database/run-migrations';
import { UserEntity } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';
import { INVALID_CREDENTIALS_MESSAGE, UsersService } from './users.service';

async function errorReplyOf(promise: Promise<unknown>): Promise<ErrorReply> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcException) {
      return error.getError() as ErrorReply;
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function millisecondsOf(work: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await work().catch(() => undefined);
  return performance.now() - startedAt;
}

describe('UsersService (against a fresh Postgres database)', () => {
  let database: FreshDatabase;
  let dataSource: DataSource;
  let config: IdentityConfig;
  let service: UsersService;

  beforeAll(async () => {
    database = await createFreshDatabase('identity');
    await runIdentityMigrations(database.url);
    dataSource = await new DataSource(identityDataSourceOptions(database.url)).initialize();
    config = loadConfig({ DATABASE_URL: database.url, DEMO_USERNAME: 'Demo', DEMO_PASSWORD: 'demo-pass-1' });
    service = new UsersService(dataSource.getRepository(UserEntity), new PasswordHasher(), config);
    await service.ensureAccount(config.admin, 'admin');
    await service.ensureAccount(config.demo, 'learner');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('stores an argon2id hash with OWASP parameters, never the password', async () => {
    const stored = await dataSource.getRepository(UserEntity).findOneByOrFail({ username: 'admin' });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.passwordHash).not.toContain(config.admin.password);
  });

  it('verifies good credentials, ignoring the case of the username, and never returns the hash', async () => {
    const user = await service.verifyCredentials({ username: 'ADMIN', password: 'admin123' });
    expect(userSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({ username: 'admin', role: 'admin', firstName: 'Amal', lastName: 'Haddad' });
    expect(JSON.stringify(user)).not.toContain('argon2');
  });

  it('refuses a wrong password and an unknown username with the same 401 message', async () => {
    const wrongPassword = await errorReplyOf(service.verifyCredentials({ username: 'admin', password: 'nope-nope' }));
    const unknownUser = await errorReplyOf(service.verifyCredentials({ username: 'nobody', password: 'admin123' }));
    expect(wrongPassword).toEqual({ statusCode: 401, message: INVALID_CREDENTIALS_MESSAGE });
    expect(unknownUser).toEqual(wrongPassword);
  });

  it('spends argon2 time on an unknown username too, so timing does not reveal which field was wrong', async () => {
    // Warm up the decoy hash, then compare the medians of a few tries.
    await millisecondsOf(() => service.verifyCredentials({ username: 'nobody', password: 'x' }));
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const wrongPassword: number[] = [];
    const unknownUser: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      wrongPassword.push(await millisecondsOf(() => service.verifyCredentials({ username: 'admin', password: 'x' })));
      unknownUser.push(await millisecondsOf(() => service.verifyCredentials({ username: 'nobody', password: 'x' })));
    }
    // A lookup without a hash would take well under a millisecond; argon2id takes tens.
    expect(median(unknownUser)).toBeGreaterThan(median(wrongPassword) * 0.4);
  });

  it('finds the demo learner from the configured username', async () => {
    const demo = await service.getDemoUser();
    expect(demo).toMatchObject({ username: 'demo', role: 'learner', firstName: 'Demo', lastName: 'Learner' });
  });

  it('answers 404 for an unknown user id', async () => {
    const reply = await errorReplyOf(service.getUser('00000000-0000-4000-8000-000000000000'));
    expect(reply).toEqual({ statusCode: 404, message: 'User not found' });
  });

  it('updates names and language of a profile', async () => {
    const demo = await service.getDemoUser();
    const updated = await service.updateProfile(demo.id, { firstName: ' Dana ', preferredLanguage: 'ar' });
    expect(updated).toMatchObject({ id: demo.id, firstName: 'Dana', lastName: 'Learner', preferredLanguage: 'ar' });
    expect(await service.getUser(demo.id)).toEqual(updated);
  });

  it('refuses a profile update that carries a role, and the role stays as it was', async () => {
    const demo = await service.getDemoUser();
    const smuggled = { firstName: 'Eve', role: 'admin' } as unknown as Parameters<UsersService['updateProfile']>[1];
    const reply = await errorReplyOf(service.updateProfile(demo.id, smuggled));
    expect(reply.statusCode).toBe(400);
    expect(reply.message).toContain('role');
    expect(await service.getUser(demo.id)).toMatchObject({ role: 'learner', firstName: demo.firstName });
  });

  it('seeds each account once: a second run changes nothing', async () => {
    const before = await service.listUsers();
    expect(await service.ensureAccount({ ...config.admin, password: 'another-password' }, 'admin')).toBe(false);
    const after = await service.listUsers();
    expect(after).toEqual(before);
    expect(after.total).toBe(2);
    await expect(service.verifyCredentials({ username: 'admin', password: 'admin123' })).resolves.toBeDefined();
  });
});
