import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index';

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${
        result.error instanceof Error ? result.error.message : String(result.error)
      }`,
      { cause: result.error },
    );
  }
  return result;
}

/**
 * The migrations this code knows that the database has not run (the server's /readyz: an instance whose database
 * is behind, e.g. restored from an older backup, takes no traffic). Throws when the database does not answer.
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const known = await migrator.getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
