import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A member asks the consultants for an introduction to another member (the private matchmaking flow's first two
// steps, inside the product). A consultant handles it: creates the introduction (introduction_id) or declines it
// with a note the member reads. One open request per member and chosen member; the daily limit counts a member's
// requests by time.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE match_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      requester_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      member_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'introduced', 'declined')),
      note text,
      introduction_id uuid REFERENCES introductions (id) ON DELETE SET NULL,
      handled_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      handled_at timestamptz,
      CHECK (requester_id <> member_id)
    );
    CREATE UNIQUE INDEX match_requests_open_pair_key ON match_requests (requester_id, member_id)
      WHERE status = 'open';
    CREATE INDEX match_requests_requester_idx ON match_requests (requester_id, created_at DESC);
    CREATE INDEX match_requests_member_idx ON match_requests (member_id);
    -- the console's queue: open ones oldest first, handled ones newest first
    CREATE INDEX match_requests_queue_idx ON match_requests (status, created_at);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS match_requests;`);
}
