import { sql, type Kysely } from 'kysely';

// One open report per reporter and reported member: parallel or repeated reports of one member by one member were
// each a row in the moderation queue. Open duplicates already there are closed as handled (the oldest stays open,
// the staff see the others under "dismissed" with the reason), then a partial unique index holds the rule.
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `UPDATE reports r SET status = 'dismissed', reviewed_at = now(), resolution = 'Duplicate of an open report by the same member' WHERE r.status = 'open' AND EXISTS (SELECT 1 FROM reports o WHERE o.status = 'open' AND o.reporter_id = r.reporter_id AND o.reported_id = r.reported_id AND (o.created_at, o.id) < (r.created_at, r.id))`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE UNIQUE INDEX reports_one_open_idx ON reports (reporter_id, reported_id) WHERE status = 'open'`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS reports_one_open_idx').execute(db);
}
