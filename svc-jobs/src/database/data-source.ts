import { DEFAULT_DATABASE_URL, type ServiceDatabase, serviceDataSourceOptions } from '@masar/contracts/service-kit';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { JobDescription } from '../job-descriptions/entities/job-description.entity';
import { CreateJobDescriptions1795313700000 } from './migrations/1795313700000-create-job-descriptions';
import { AddReviewedSkillsAndPredefinedRoles1795400000000 } from './migrations/1795400000000-add-reviewed-skills-and-predefined-roles';
import { OwnCopiesOfPredefinedRoles1795500000000 } from './migrations/1795500000000-own-copies-of-predefined-roles';

/** The Postgres schema svc-jobs owns; nobody else reads or writes it. */
export const JOBS_SCHEMA = 'jobs';

/** What svc-jobs keeps in Postgres: its entities and, in order, its migrations. */
export const JOBS_DATABASE: ServiceDatabase = {
  service: 'jobs',
  schema: JOBS_SCHEMA,
  entities: [JobDescription],
  migrations: [
    CreateJobDescriptions1795313700000,
    AddReviewedSkillsAndPredefinedRoles1795400000000,
    OwnCopiesOfPredefinedRoles1795500000000,
  ],
};

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function jobsDataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return serviceDataSourceOptions(JOBS_DATABASE, databaseUrl);
}

/**
 * For the TypeORM CLI, e.g. `npx typeorm -d dist/database/data-source.js migration:show`.
 * It reads DATABASE_URL without validating: the service validates its whole configuration
 * in bootstrap(), and importing this file must never throw.
 */
export const dataSource = new DataSource(jobsDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
