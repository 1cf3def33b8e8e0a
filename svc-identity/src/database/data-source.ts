import { DataSource } from 'typeorm';
import { loadConfig } from '../config';
import { identityDataSourceOptions } from './database-options';

/** For the TypeORM CLI only, e.g. `npx typeorm -d dist/database/data-source.js migration:show`. */
export const dataSource = new DataSource(identityDataSourceOptions(loadConfig().databaseUrl));
