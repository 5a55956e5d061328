// The reliability run's database: a scratch database on the PostgreSQL server of TEST_DATABASE_URL (or DATABASE_URL,
// or the local default), migrated once and dropped at the end. When no PostgreSQL answers and none was named, the
// run says so and its checks skip; a named server that does not answer fails the run.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '@rhema/db';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';
import pg from 'pg';
import { redisForTests } from '../redis-expected';

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    reliabilityServerUrl: string;
    reliabilityDatabase: string;
    reliabilityDatabaseUrl: string;
    reliabilityRedisUrl: string;
    reliabilitySkipReason: string;
  }
}

export default async function setup(project: TestProject) {
  const named = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const serverUrl = named || LOCAL_DEFAULT;
  project.provide('reliabilityRedisUrl', (await redisForTests()) ?? '');

  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await probe.connect();
    await probe.query('select 1');
  } catch (error) {
    const why = `no PostgreSQL answers at ${serverUrl.replace(/:[^:@/]*@/, ':***@')} (${(error as Error).message})`;
    if (named) throw new Error(`reliability: ${why}, and TEST_DATABASE_URL/DATABASE_URL names it`);
    console.warn(
      `\n*** pnpm test:reliability SKIPPED: ${why}. Set TEST_DATABASE_URL to a PostgreSQL server to run it. ***\n`,
    );
    for (const key of ['reliabilityServerUrl', 'reliabilityDatabase', 'reliabilityDatabaseUrl'] as const)
      project.provide(key, '');
    project.provide('reliabilitySkipReason', why);
    return;
  } finally {
    await probe.end().catch(() => undefined);
  }

  const name = `rhema_reliab_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl, name);
  const handle = await createDb({ databaseUrl: url });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('reliabilityServerUrl', serverUrl);
  project.provide('reliabilityDatabase', name);
  project.provide('reliabilityDatabaseUrl', url);
  project.provide('reliabilitySkipReason', '');
  return () => dropDatabase(serverUrl, name);
}
