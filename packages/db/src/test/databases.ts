// Test databases: each test file gets its own migrated database, made from a template built once per run by
// tests/vitest.global-setup.ts — PGlite by default, PostgreSQL (TEST_DATABASE_URL) in the postgres project.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../create-db';
import { migrateToLatest } from '../migrate';
import { createDatabase, dropDatabase } from '../testing-pg';

/** The migrated template of a test run on PostgreSQL: one per run, so runs side by side do not drop each other's. */
export function pgTemplateDatabase(runId: string | number): string {
  return `rhema_test_template_${runId}`;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresServerUrl: string;
    postgresTemplateDatabase: string;
  }
}

export function testDbKind(): 'postgres' | 'pglite' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

/** A test database; on PostgreSQL its address, so a test can open a second handle on it (a second instance). */
export type TestDbHandle = DbHandle & { databaseUrl?: string };

export async function createTestDb(): Promise<TestDbHandle> {
  if (testDbKind() === 'postgres') {
    const serverUrl = inject('postgresServerUrl');
    const name = `rhema_test_${randomBytes(6).toString('hex')}`;
    const url = await createDatabase(serverUrl, name, inject('postgresTemplateDatabase'));
    const handle = await createDb({ databaseUrl: url, poolMax: 20 });
    return {
      ...handle,
      databaseUrl: url,
      close: async () => {
        await handle.close();
        await dropDatabase(serverUrl, name);
      },
    };
  }
  const templatePath = inject('pgliteTemplatePath');
  if (templatePath) {
    const dump = new Blob([await readFile(templatePath)]);
    return createDb({ pgliteDataDir: 'memory://', pgliteLoadDataDir: dump });
  }
  const handle = await createDb({ pgliteDataDir: 'memory://' });
  await migrateToLatest(handle.db);
  return handle;
}
