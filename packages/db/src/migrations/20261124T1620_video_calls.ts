import { sql, type Kysely } from 'kysely';
import { MESSAGES_CHANNEL } from '../notifications';
import { runStatements } from './run-statements';

// Video calls (docs/decisions/180-video-calls.md): the server only signals, over the live messages' channel.
// - `calls`: one row per call between two members, its state and times (the thread shows "Missed video call",
//   "Video call, 12 min"); `via` says which rule let the caller ring (friends, or an accepted introduction).
// - `call_signals`: what one party sends the other (ring, accept, decline, offer, answer, ICE candidates, hang
//   up). A row per signal because an SDP offer can pass NOTIFY's 8,000-byte payload: the trigger announces ids
//   only, as for messages (migration 20261123T1000_message_notify), and the listener reads the row. The offers,
//   answers and candidates (they name network addresses) are deleted when the call ends: nothing is kept of it
//   but who called whom, when and for how long.
// - reports may come from the after-call question (source 'call').
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE calls (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      caller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      callee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      via text NOT NULL CHECK (via IN ('friends', 'introduction')),
      status text NOT NULL DEFAULT 'ringing'
        CHECK (status IN ('ringing', 'active', 'ended', 'declined', 'missed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      answered_at timestamptz,
      ended_at timestamptz,
      CHECK (caller_id <> callee_id)
    );
    -- a thread's calls (either order of the pair is asked for), newest first
    CREATE INDEX calls_caller_idx ON calls (caller_id, callee_id, created_at);
    CREATE INDEX calls_callee_idx ON calls (callee_id, created_at);
    CREATE TABLE call_signals (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      call_id uuid NOT NULL REFERENCES calls (id) ON DELETE CASCADE,
      sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('ring', 'accept', 'decline', 'offer', 'answer', 'ice', 'hangup')),
      data jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX call_signals_call_idx ON call_signals (call_id);
    ALTER TABLE reports DROP CONSTRAINT reports_source_check;
    ALTER TABLE reports ADD CONSTRAINT reports_source_check CHECK (source IN ('profile', 'thread', 'call'))
  `,
  );
  // one statement per query (PGlite's extended protocol); the function body on one line
  await sql
    .raw(
      `CREATE FUNCTION notify_call_signal() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('${MESSAGES_CHANNEL}', json_build_object('kind', 'call', 'id', NEW.id::text, 'sender_id', NEW.sender_id, 'recipient_id', NEW.recipient_id)::text); RETURN NEW; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER call_signals_notify AFTER INSERT ON call_signals FOR EACH ROW EXECUTE FUNCTION notify_call_signal()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER IF EXISTS call_signals_notify ON call_signals;
    DROP FUNCTION IF EXISTS notify_call_signal();
    DROP TABLE IF EXISTS call_signals;
    DROP TABLE IF EXISTS calls;
    DELETE FROM reports WHERE source = 'call';
    ALTER TABLE reports DROP CONSTRAINT reports_source_check;
    ALTER TABLE reports ADD CONSTRAINT reports_source_check CHECK (source IN ('profile', 'thread'))
  `,
  );
}
