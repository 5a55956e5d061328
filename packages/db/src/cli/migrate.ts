import { createDb } from '../create-db';
import { migrateToLatest } from '../migrate';
import { dbOptionsFromEnv, runCli } from './cli-env';

await runCli(async () => {
  const handle = await createDb(dbOptionsFromEnv());
  try {
    const { results = [] } = await migrateToLatest(handle.db);
    const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s) on ${handle.kind}: ${applied.join(', ')}`
        : `Database (${handle.kind}) is up to date.`,
    );
  } finally {
    await handle.close();
  }
});
