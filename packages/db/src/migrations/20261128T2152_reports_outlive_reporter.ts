import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A report outlives its author: erasing the reporter's account (packages/db/src/queries/erase.ts) used to delete
// their reports with them (ON DELETE CASCADE), so a report on a member vanished from the consultants' queue when its
// author left. The reporter is now optional: erasing them sets it to NULL, the queue shows a deleted member, and
// what they wrote keeps no identifier of them. The one-open-report index treats NULLs as distinct, as it should.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE reports DROP CONSTRAINT reports_reporter_id_fkey;
    ALTER TABLE reports ALTER COLUMN reporter_id DROP NOT NULL;
    ALTER TABLE reports ADD CONSTRAINT reports_reporter_id_fkey
      FOREIGN KEY (reporter_id) REFERENCES users (id) ON DELETE SET NULL
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DELETE FROM reports WHERE reporter_id IS NULL;
    ALTER TABLE reports DROP CONSTRAINT reports_reporter_id_fkey;
    ALTER TABLE reports ALTER COLUMN reporter_id SET NOT NULL;
    ALTER TABLE reports ADD CONSTRAINT reports_reporter_id_fkey
      FOREIGN KEY (reporter_id) REFERENCES users (id) ON DELETE CASCADE
  `,
  );
}
