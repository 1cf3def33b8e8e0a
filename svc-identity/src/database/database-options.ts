import { DataSourceOptions } from 'typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { CreateUsers1763800000000 } from './migrations/1763800000000-create-users';

/** The Postgres schema svc-identity owns; nobody else reads or writes it. */
export const IDENTITY_SCHEMA = 'identity';

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function identityDataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    schema: IDENTITY_SCHEMA,
    // With `schema` set, TypeORM keeps its migrations table inside `identity` too.
    migrationsTableName: 'migrations',
    entities: [UserEntity],
    migrations: [CreateUsers1763800000000],
    synchronize: false,
    migrationsRun: false,
  };
}
