import pino from 'pino';
import { DataSource } from 'typeorm';
import { IdentityConfig, loadConfig } from '../src/config';
import { identityDataSourceOptions } from '../src/database/database-options';
import { runIdentityMigrations } from '../src/database/run-migrations';
import { UserEntity } from '../src/users/entities/user.entity';
import { PasswordHasher } from '../src/users/password-hasher';
import { UsersSeeder } from '../src/users/seed-users';
import { UsersService } from '../src/users/users.service';
import { createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';

/** A pino destination that keeps every line, parsed. */
class CapturedLog {
  readonly lines: Record<string, unknown>[] = [];
  write(line: string): void {
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
}

describe('production refuses unsafe identity defaults', () => {
  it('refuses the committed admin password and short ones with NODE_ENV=production, naming the variable', () => {
    for (const ADMIN_PASSWORD of ['admin123', 'demo123', 'short-pass1']) {
      expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD })).toThrow(/ADMIN_PASSWORD: in production/);
    }
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a real long admin password' }).admin).toMatchObject({
      password: 'a real long admin password',
      passwordGenerated: false,
    });
  });

  it('generates the admin password when none is given in production, and keeps development as it was', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.admin.passwordGenerated).toBe(true);
    expect(production.admin.password).toMatch(/^\w{5}(-\w{5}){3}$/);
    expect(loadConfig({ NODE_ENV: 'production' }).admin.password).not.toBe(production.admin.password);
    expect(loadConfig({}).admin).toMatchObject({ password: 'admin123', passwordGenerated: false });
  });

  it('seeds the demo learner by default except in production, unless asked', () => {
    expect(loadConfig({}).seedDemoLearner).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoLearner).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_LEARNER: 'true' }).seedDemoLearner).toBe(true);
    expect(() => loadConfig({ SEED_DEMO_LEARNER: 'yes' })).toThrow(/SEED_DEMO_LEARNER/);
  });

  describe('seeding a production database (real Postgres)', () => {
    let database: FreshDatabase;
    let dataSource: DataSource;

    beforeAll(async () => {
      database = await createFreshDatabase('identity_production');
      await runIdentityMigrations(database.url);
      dataSource = await new DataSource(identityDataSourceOptions(database.url)).initialize();
    });

    afterAll(async () => {
      await dataSource?.destroy();
      await database?.drop();
    });

    async function seed(config: IdentityConfig): Promise<CapturedLog> {
      const log = new CapturedLog();
      const users = new UsersService(dataSource.getRepository(UserEntity), new PasswordHasher(), config);
      await new UsersSeeder(users, config, pino({ level: 'info' }, log)).onApplicationBootstrap();
      return log;
    }

    it('prints the generated password once, makes the admin change it, and creates no demo learner', async () => {
      const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: database.url });
      const first = await seed(config);
      const printed = first.lines.filter((line) => JSON.stringify(line).includes(config.admin.password));
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatchObject({ level: 40, admin: 'admin', generatedAdminPassword: config.admin.password });

      const users = new UsersService(dataSource.getRepository(UserEntity), new PasswordHasher(), config);
      const admin = await users.verifyCredentials({ username: 'admin', password: config.admin.password });
      expect(admin).toMatchObject({ role: 'admin', mustChangePassword: true });
      await expect(users.verifyCredentials({ username: 'admin', password: 'admin123' })).rejects.toBeDefined();
      expect(await dataSource.getRepository(UserEntity).existsBy({ username: 'demo' })).toBe(false);

      // The next start generates another password, but the admin exists: nothing is printed or changed.
      const restart = loadConfig({ NODE_ENV: 'production', DATABASE_URL: database.url });
      const second = await seed(restart);
      expect(JSON.stringify(second.lines)).not.toContain(restart.admin.password);
      expect(JSON.stringify(second.lines)).not.toContain('generatedAdminPassword');
      await expect(users.verifyCredentials({ username: 'admin', password: config.admin.password })).resolves.toBeDefined();
    });
  });
});
