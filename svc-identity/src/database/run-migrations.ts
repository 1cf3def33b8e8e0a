import { DataSource } from 'typeorm';
import { IDENTITY_SCHEMA, identityDataSourceOptions } from './database-options';

/** Any constant works; it only has to be the same for every svc-identity instance. */
const MIGRATION_LOCK_KEY = 'svc-identity:migrations';

/**
 * Brings the `identity` schema up to date before the service answers anything.
 * The schema is created by hand first because TypeORM creates its migrations table
 * (which lives inside the schema) before it runs the first migration. An advisory
 * lock keeps two instances that start together from migrating at the same time.
 */
export async function runIdentityMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(identityDataSourceOptions(databaseUrl));
  await dataSource.initialize();
  const lockRunner = dataSource.createQueryRunner();
  try {
    await lockRunner.connect();
    await lockRunner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${IDENTITY_SCHEMA}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockRunner.release();
    await dataSource.destroy();
  }
}
