import { type ServiceDatabase, serviceDataSourceOptions } from '@masar/contracts/service-kit';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { EmbedClientEntity } from '../embed-clients/entities/embed-client.entity';
import { SsoAccountEntity } from '../users/entities/sso-account.entity';
import { UserEntity } from '../users/entities/user.entity';
import { CreateUsers1763800000000 } from './migrations/1763800000000-create-users';
import { PeopleManagement1764100000000 } from './migrations/1764100000000-people-management';
import { SsoAccounts1796840000000 } from './migrations/1796840000000-sso-accounts';
import { EmbedClients1796870000000 } from './migrations/1796870000000-embed-clients';

/** The Postgres schema svc-identity owns; nobody else reads or writes it. */
export const IDENTITY_SCHEMA = 'identity';

/** What svc-identity keeps in Postgres: its entities and, in order, its migrations. */
export const IDENTITY_DATABASE: ServiceDatabase = {
  service: 'identity',
  schema: IDENTITY_SCHEMA,
  entities: [UserEntity, SsoAccountEntity, EmbedClientEntity],
  migrations: [CreateUsers1763800000000, PeopleManagement1764100000000, SsoAccounts1796840000000, EmbedClients1796870000000],
};

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function identityDataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return serviceDataSourceOptions(IDENTITY_DATABASE, databaseUrl);
}
