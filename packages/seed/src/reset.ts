import type { DB, Database } from '@rhema/db';
import { sql } from 'kysely';

/** The tables of the domain migration, children first. */
export const DOMAIN_TABLES = [
  'audit_log',
  // rate-limit windows and early signups: a reset database starts with none
  'rate_limit_hits',
  'training_signups',
  'sessions',
  'password_reset_requests',
  'faqs',
  'contact_disclosures',
  'subscriptions',
  'suggestion_codes',
  'introduction_requests',
  'introductions',
  'community_memberships',
  'communities',
  'user_consents',
  'user_core_values',
  'user_citizenships',
  'photos',
  'profile_answers',
  'profile_questions',
  'users',
] as const satisfies readonly (keyof DB)[];

/**
 * Empties every table (the migration bookkeeping is kept). For the dev seed's --reset and for tests. The tables
 * are read from the database, so a table added by a later migration is emptied too.
 */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_migration'));
  await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db);
}
