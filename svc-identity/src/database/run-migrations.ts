import { runSchemaMigrations } from '@masar/contracts/service-kit';
import { identityDataSourceOptions } from './database-options';

/** Brings the `identity` schema up to date (the service does it at boot; tests call it directly). */
export function runIdentityMigrations(databaseUrl: string): Promise<string[]> {
  return runSchemaMigrations(identityDataSourceOptions(databaseUrl));
}
