import type { ServiceName } from '../nats';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { processNameOf } from './service-identity';

export interface ServiceDatabase {
  service: ServiceName;
  /** The Postgres schema the service owns; nobody else reads or writes it. */
  schema: string;
  entities: NonNullable<PostgresConnectionOptions['entities']>;
  /** In the order they run. */
  migrations: NonNullable<PostgresConnectionOptions['migrations']>;
}

/** One description of a service's database for the app, the migration runner and the TypeORM CLI. */
export function serviceDataSourceOptions(database: ServiceDatabase, databaseUrl: string): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    applicationName: processNameOf(database.service),
    schema: database.schema,
    // With `schema` set, TypeORM keeps its migrations table inside the service's schema too.
    migrationsTableName: 'migrations',
    entities: database.entities,
    migrations: database.migrations,
    synchronize: false,
    migrationsRun: false,
    // Ids come from gen_random_uuid(), built into Postgres 13+: no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    connectTimeoutMS: 3000,
  };
}

/**
 * Brings a service's schema up to date before it answers anything; returns the migrations applied.
 * The schema is created by hand first because TypeORM creates its migrations table (which lives
 * inside the schema) before it runs the first migration. An advisory lock keeps two instances that
 * start together from migrating at the same time.
 */
export async function runSchemaMigrations(options: PostgresConnectionOptions): Promise<string[]> {
  if (!options.schema) {
    throw new Error('runSchemaMigrations needs the schema the service owns');
  }
  // Any constant works as long as every instance of the service uses the same one.
  const lockKey = `svc-${options.schema}:migrations`;
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  const lockRunner = dataSource.createQueryRunner();
  try {
    await lockRunner.connect();
    await lockRunner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await lockRunner.release();
    await dataSource.destroy();
  }
}
