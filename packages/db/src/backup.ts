import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { Database } from './create-db';

// Backups that are restored (docs/ops/backup.md): PostgreSQL through its own tools (pg_dump's custom format, read
// back by pg_restore), the embedded PGlite through its own dump of the data folder (a gzipped tarball). `pnpm
// db:backup` and `pnpm db:restore` (cli/backup.ts, cli/restore.ts) call these; backup.int.test.ts restores a seeded
// database into an empty one and compares every table.

const run = promisify(execFile);

/**
 * pg_dump and pg_restore get the address without its password, which goes through PGPASSWORD: a password in the
 * arguments would show in every process list.
 */
function pgToolArgs(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    return await run(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const err = error as Error & { code?: string | number; stderr?: string };
    if (err.code === 'ENOENT')
      throw new Error(
        `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client-15), ` +
          'the same major version as the server or newer',
        { cause: error },
      );
    throw new Error(`${tool} failed: ${(err.stderr ?? err.message).trim()}`, { cause: error });
  }
}

/** Writes a PostgreSQL database to `file` (pg_dump's custom format: compressed, restorable table by table). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const { dbname, env } = pgToolArgs(databaseUrl);
  // no owner and no grants: the dump restores into a database owned by whichever role restores it
  await pgTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** Restores a pg_dump file into an empty PostgreSQL database, all or nothing (one transaction). */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const { dbname, env } = pgToolArgs(databaseUrl);
  await pgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}

/** Writes an open PGlite database to `file` (its data folder as a gzipped tarball). */
export async function backupPglite(pglite: PGlite, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const dump = await pglite.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/** Makes a PGlite data folder from a backup; the folder must be absent or empty (nothing is overwritten). */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (!dataDir.startsWith('memory://') && existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new folder (or move this one away first)`);
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  const blob = new Blob([await readFile(file)], { type: 'application/x-gzip' });
  const pglite = await PGliteClass.create({ dataDir, loadDataDir: blob });
  await pglite.close();
}

/** Whether the database holds any table of ours (a restore goes into an empty one). */
export async function hasTables(db: Database): Promise<boolean> {
  const row = await sql<{ n: string }>`
    SELECT count(*) AS n FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db);
  return Number(row.rows[0]?.n ?? 0) > 0;
}

/**
 * Every table's row count and a digest of its rows (in a fixed order), by table name: two databases with the same
 * figures hold the same rows.
 */
export async function tableDigests(db: Database): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  const digests: Record<string, { rows: number; digest: string }> = {};
  for (const { table_name } of tables.rows) {
    const row = await sql<{ rows: string; digest: string | null }>`
      SELECT count(*) AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest
      FROM ${sql.table(table_name)} AS t`.execute(db);
    digests[table_name] = { rows: Number(row.rows[0]!.rows), digest: row.rows[0]!.digest ?? '' };
  }
  return digests;
}
