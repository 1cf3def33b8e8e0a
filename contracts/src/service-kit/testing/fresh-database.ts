import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function runAdminStatement(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    // CREATE/DROP DATABASE cannot share a transaction with anything else: one statement per call.
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty database of its own for one test file, dropped (even with open connections) afterwards. */
export async function createFreshDatabase(purpose: string): Promise<FreshDatabase> {
  const name = `masar_it_${purpose}_${randomBytes(4).toString('hex')}`;
  await runAdminStatement(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runAdminStatement(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
