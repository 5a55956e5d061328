import { resolve } from 'node:path';
import { hasTables, restorePglite, restorePostgres } from '../backup';
import { createDb } from '../create-db';
import { pendingMigrations } from '../migrate';
import { dbOptionsFromEnv, runCli } from './cli-env';

// `pnpm db:restore <file>`: a backup of `pnpm db:backup` into the empty database of DATABASE_URL (pg_restore, in
// one transaction) or into PGLITE_DATA_DIR, which must not exist yet. Nothing is overwritten: a database that
// already has tables is refused (docs/ops/backup.md).

await runCli(async () => {
  const named = process.argv[2];
  if (!named) throw new Error('usage: pnpm db:restore <backup file>');
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), named);
  const options = dbOptionsFromEnv();
  const started = Date.now();
  if (options.databaseUrl) {
    const target = await createDb(options);
    try {
      if (await hasTables(target.db))
        throw new Error(
          'the database of DATABASE_URL already has tables: restore into a new, empty database',
        );
    } finally {
      await target.close();
    }
    await restorePostgres(file, options.databaseUrl);
  } else {
    await restorePglite(file, options.pgliteDataDir ?? '.data/pglite');
  }
  const restored = await createDb(options);
  try {
    const pending = await pendingMigrations(restored.db);
    console.log(
      `Restored ${file} into ${options.databaseUrl ? 'PostgreSQL' : options.pgliteDataDir} in ${Date.now() - started} ms.` +
        (pending.length
          ? ` ${pending.length} migration(s) newer than the backup run at the next start.`
          : ''),
    );
  } finally {
    await restored.close();
  }
});
