import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from './create-db';
import { migrateToLatest } from './migrate';

/** The same server, another database name. */
export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await admin(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return withDatabaseName(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Creates a migrated database with a random name, hands its URL to `body`, then drops it. */
export async function withScratchDatabase<T>(
  serverUrl: string,
  prefix: string,
  body: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl, name);
  try {
    const handle = await createDb({ databaseUrl: url });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    return await body(url);
  } finally {
    await dropDatabase(serverUrl, name);
  }
}
