import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Self-matching: friend requests, blocks, reports and messages between members. Every row names the
// members it is about with ON DELETE CASCADE, so a member's erase (core/account/terminate-account.ts) takes them
// with the user row.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE friend_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      requester_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      addressee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      responded_at timestamptz,
      CHECK (requester_id <> addressee_id)
    );
    -- one live request or friendship per pair, whichever side asked first
    CREATE UNIQUE INDEX friend_requests_pair_live_key
      ON friend_requests (LEAST(requester_id, addressee_id), GREATEST(requester_id, addressee_id))
      WHERE status IN ('pending', 'accepted');
    -- the 24-hour limit counts a member's requests by time
    CREATE INDEX friend_requests_requester_idx ON friend_requests (requester_id, created_at DESC);
    CREATE INDEX friend_requests_addressee_idx ON friend_requests (addressee_id, status);

    CREATE TABLE blocks (
      blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id),
      CHECK (blocker_id <> blocked_id)
    );
    CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);

    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      reported_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      reason text NOT NULL,
      details varchar(1000) NOT NULL DEFAULT '',
      source text NOT NULL CHECK (source IN ('profile', 'thread')),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'suspended')),
      reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      resolution varchar(1000),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (reporter_id <> reported_id)
    );
    CREATE INDEX reports_queue_idx ON reports (status, created_at);
    CREATE INDEX reports_reporter_idx ON reports (reporter_id);
    CREATE INDEX reports_reported_idx ON reports (reported_id);

    CREATE TABLE messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      body varchar(2000) NOT NULL CHECK (length(body) > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      CHECK (sender_id <> recipient_id)
    );
    -- a thread is the pair, newest first
    CREATE INDEX messages_pair_idx
      ON messages (LEAST(sender_id, recipient_id), GREATEST(sender_id, recipient_id), id DESC);
    CREATE INDEX messages_sender_idx ON messages (sender_id);
    CREATE INDEX messages_unread_idx ON messages (recipient_id, sender_id) WHERE read_at IS NULL;

    -- uploaded photos: where the re-encoded file is stored (local folder or S3 key); seeded avatars have none
    ALTER TABLE photos ADD COLUMN storage_key text, ADD COLUMN width integer, ADD COLUMN height integer,
      ADD COLUMN bytes integer;
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE photos DROP COLUMN storage_key, DROP COLUMN width, DROP COLUMN height, DROP COLUMN bytes;
    DROP TABLE IF EXISTS messages, reports, blocks, friend_requests;
  `,
  );
}
