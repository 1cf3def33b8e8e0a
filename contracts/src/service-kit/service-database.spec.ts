import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { serviceBootstrap } from './service-bootstrap';
import { databaseServiceEnvironmentSchema, parseServiceEnvironment, serviceConfigOf } from './service-config';
import { type ServiceDatabase, runSchemaMigrations, serviceDataSourceOptions } from './service-database';
import { PostgresHealthCheck } from './service-health.module';
import { createFreshDatabase, type FreshDatabase } from './testing';

class CreateThings1700000000000 implements MigrationInterface {
  name = 'CreateThings1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE "jobs"."things" ("id" uuid PRIMARY KEY DEFAULT gen_random_uuid())');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "jobs"."things"');
  }
}

const database: ServiceDatabase = { service: 'jobs', schema: 'jobs', entities: [], migrations: [CreateThings1700000000000] };

describe('runSchemaMigrations', () => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await createFreshDatabase('kit');
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it('creates the schema, applies what is missing once, and keeps its table inside the schema', async () => {
    const options = serviceDataSourceOptions(database, fresh.url);
    const [first, second] = await Promise.all([runSchemaMigrations(options), runSchemaMigrations(options)]);
    // Two instances starting together: the lock lets one migrate, the other finds nothing left.
    expect([...first, ...second]).toEqual(['CreateThings1700000000000']);
    expect(await runSchemaMigrations(options)).toEqual([]);

    const check = await new DataSource(options).initialize();
    try {
      const tables = await check.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'jobs' ORDER BY 1`);
      expect(tables.map((row: { table_name: string }) => row.table_name)).toEqual(['migrations', 'things']);
    } finally {
      await check.destroy();
    }
  });
});

describe("a service's migrate command (the init container's)", () => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await createFreshDatabase('kit_migrate');
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it('migrates the schema without connecting to NATS, and finds nothing left the second time', async () => {
    const bootstrap = serviceBootstrap({
      service: 'jobs',
      loadConfig: (env) => serviceConfigOf(parseServiceEnvironment('svc-jobs', databaseServiceEnvironmentSchema, env)),
      configToken: Symbol('KIT_MIGRATE_CONFIG'),
      database,
      modules: () => [],
    });
    // Nothing listens on port 1: a NATS connection would fail.
    const env = { DATABASE_URL: fresh.url, NATS_URL: 'nats://127.0.0.1:1', LOG_LEVEL: 'silent' };
    expect(await bootstrap.migrate(env)).toEqual(['CreateThings1700000000000']);
    expect(await bootstrap.migrate(env)).toEqual([]);
  });
});

describe('PostgresHealthCheck', () => {
  it('reports the service down, naming Postgres, when the database cannot be reached', async () => {
    // Nothing listens on port 1, so the connection is refused at once.
    const unreachable = new DataSource(serviceDataSourceOptions(database, 'postgres://postgres@127.0.0.1:1/masar'));
    await expect(unreachable.initialize()).rejects.toThrow();

    const reply = await new PostgresHealthCheck(unreachable, { service: 'progress', natsUrl: 'nats://127.0.0.1:4222' }).check();

    expect(reply).toMatchObject({ service: 'progress', status: 'down', checks: { postgres: 'down' } });
    expect(reply.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});
