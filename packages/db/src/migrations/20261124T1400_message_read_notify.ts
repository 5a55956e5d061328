import { sql, type Kysely } from 'kysely';
import { MESSAGES_CHANNEL } from '../notifications';

// Read receipts (docs/decisions/087-read-receipts-and-typing.md): when messages are marked read, the database
// announces it on the live messages' channel, one notice per conversation with the newest message read, so the
// sender's "Seen" and the reader's other tabs' unread counts follow, whichever instance or script marked them.
// A statement trigger (transition tables: one notice per pair, not per row); ids only, as for new messages.
export async function up(db: Kysely<any>): Promise<void> {
  // one statement per query (PGlite's extended protocol); the function body on one line
  await sql
    .raw(
      `CREATE FUNCTION notify_message_read() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE r record; BEGIN FOR r IN SELECT n.sender_id, n.recipient_id, max(n.id) AS id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.read_at IS NULL AND n.read_at IS NOT NULL GROUP BY n.sender_id, n.recipient_id LOOP PERFORM pg_notify('${MESSAGES_CHANNEL}', json_build_object('kind', 'read', 'id', r.id::text, 'sender_id', r.sender_id, 'recipient_id', r.recipient_id)::text); END LOOP; RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER messages_read_notify AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_message_read()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS messages_read_notify ON messages').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS notify_message_read()').execute(db);
}
