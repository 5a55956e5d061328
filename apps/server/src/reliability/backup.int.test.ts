import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  backupPglite,
  backupPostgres,
  createDb,
  hasTables,
  pendingMigrations,
  restorePglite,
  restorePostgres,
  tableDigests,
} from '@rhema/db';
import { createTestDb, type TestDbHandle } from '@rhema/db/testing';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';
import { seedDemo } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A backup is only as good as its restore (docs/ops/backup.md): a seeded database is backed up with the tools
// `pnpm db:backup` uses, restored with those of `pnpm db:restore` into an empty database, and every table of the
// copy holds the same rows. On PostgreSQL (pg_dump, pg_restore) when TEST_DATABASE_URL is set, and on PGlite (its
// dump of the data folder) always.
describe('backup and restore', () => {
  let source: TestDbHandle;
  let scratch: string;
  beforeAll(async () => {
    source = await createTestDb();
    await seedDemo(source.db, { members: 30, passwordHash: 'not-a-real-hash' });
    scratch = mkdtempSync(join(tmpdir(), 'rhema-backup-'));
  }, 120_000);
  afterAll(async () => {
    await source.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('restores a seeded database into an empty one with every table equal', async () => {
    const before = await tableDigests(source.db);
    // a real check: the seeded tables hold rows
    expect(before.users!.rows).toBeGreaterThan(30);
    expect(Object.values(before).filter((table) => table.rows > 0).length).toBeGreaterThan(5);
    const file = join(scratch, source.kind === 'postgres' ? 'rhema.dump' : 'rhema.tar.gz');

    if (source.kind === 'postgres') {
      await backupPostgres(source.databaseUrl!, file);
      expect(statSync(file).size).toBeGreaterThan(0);
      const serverUrl = new URL(source.databaseUrl!);
      serverUrl.pathname = '/postgres';
      const name = `rhema_restore_${process.pid}_${Date.now().toString(36)}`;
      const targetUrl = await createDatabase(serverUrl.toString(), name);
      try {
        const target = await createDb({ databaseUrl: targetUrl });
        try {
          expect(await hasTables(target.db)).toBe(false);
          await restorePostgres(file, targetUrl);
          expect(await tableDigests(target.db)).toEqual(before);
          expect(await pendingMigrations(target.db)).toEqual([]);
        } finally {
          await target.close();
        }
      } finally {
        await dropDatabase(serverUrl.toString(), name);
      }
    } else {
      await backupPglite(source.pglite!, file);
      expect(statSync(file).size).toBeGreaterThan(0);
      const dataDir = join(scratch, 'restored');
      await restorePglite(file, dataDir);
      // a folder that already holds a database is never overwritten
      await expect(restorePglite(file, dataDir)).rejects.toThrow(/not empty/);
      const target = await createDb({ pgliteDataDir: dataDir });
      try {
        expect(await tableDigests(target.db)).toEqual(before);
        expect(await pendingMigrations(target.db)).toEqual([]);
      } finally {
        await target.close();
      }
    }
  }, 180_000);
});
