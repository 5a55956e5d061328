import { sql, type Kysely } from 'kysely';

/** Runs a DDL script one statement at a time: PGlite's extended protocol takes a single statement per query. */
export async function runStatements(db: Kysely<any>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/--.*$/gm, '').trim().length > 0);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
