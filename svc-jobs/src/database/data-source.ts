import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { DEFAULT_DATABASE_URL } from '../config';
import { JobDescription } from '../job-descriptions/entities/job-description.entity';
import { CreateJobDescriptions1795313700000 } from './migrations/1795313700000-create-job-descriptions';
import { AddReviewedSkillsAndPredefinedRoles1795400000000 } from './migrations/1795400000000-add-reviewed-skills-and-predefined-roles';

/** The Postgres schema svc-jobs owns; nobody else reads or writes it. */
export const JOBS_SCHEMA = 'jobs';

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function jobsDataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    applicationName: 'svc-jobs',
    schema: JOBS_SCHEMA,
    // With `schema` set, TypeORM keeps its migrations table inside `jobs` too.
    migrationsTableName: 'migrations',
    entities: [JobDescription],
    migrations: [CreateJobDescriptions1795313700000, AddReviewedSkillsAndPredefinedRoles1795400000000],
    synchronize: false,
    migrationsRun: false,
    // Ids come from gen_random_uuid(), built into Postgres 13+: no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    connectTimeoutMS: 3000,
  };
}

/**
 * For the TypeORM CLI, e.g. `npx typeorm -d dist/database/data-source.js migration:show`.
 * It reads DATABASE_URL without validating: the service validates its whole configuration
 * in bootstrap(), and importing this file must never throw.
 */
export const dataSource = new DataSource(jobsDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
