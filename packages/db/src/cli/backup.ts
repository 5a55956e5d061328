import { resolve } from 'node:path';
import { backupPglite, backupPostgres } from '../backup';
import { createDb } from '../create-db';
import { dbOptionsFromEnv, repoRoot, runCli } from './cli-env';

// `pnpm db:backup [file]`: the database of DATABASE_URL (pg_dump) or the embedded one of PGLITE_DATA_DIR (stop the
// server first: PGlite is one process's) to `file`, by default .data/backups/rhema-<time>.dump or .tar.gz.
// docs/ops/backup.md says how to keep them and how to restore.

await runCli(async () => {
  const options = dbOptionsFromEnv();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const named = process.argv[2];
  const file = named
    ? resolve(process.env.INIT_CWD ?? process.cwd(), named)
    : resolve(repoRoot, '.data/backups', `rhema-${stamp}.${options.databaseUrl ? 'dump' : 'tar.gz'}`);
  const started = Date.now();
  if (options.databaseUrl) {
    await backupPostgres(options.databaseUrl, file);
  } else {
    const handle = await createDb(options);
    try {
      await backupPglite(handle.pglite!, file);
    } finally {
      await handle.close();
    }
  }
  console.log(
    `Backed up ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'} to ${file} in ${Date.now() - started} ms.`,
  );
});
