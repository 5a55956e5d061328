import { sql, type Kysely } from 'kysely';
import { MESSAGES_CHANNEL } from '../notifications';

// Live messages (docs/decisions/081-live-messages.md): every new message is announced on one NOTIFY
// channel, sent by PostgreSQL itself when the insert commits, so every server instance on the database (and the
// embedded PGlite's own listeners) hears it, whichever instance or script wrote the row. The payload carries ids
// only (NOTIFY payloads stop at 8,000 bytes, and a 2,000-character body can be longer in UTF-8): the listener
// reads the message itself, through the visibility rule, before delivering it.
export async function up(db: Kysely<any>): Promise<void> {
  // one statement per query (PGlite's extended protocol); the function body on one line
  await sql
    .raw(
      `CREATE FUNCTION notify_message() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('${MESSAGES_CHANNEL}', json_build_object('id', NEW.id::text, 'sender_id', NEW.sender_id, 'recipient_id', NEW.recipient_id)::text); RETURN NEW; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER messages_notify AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION notify_message()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS messages_notify ON messages').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS notify_message()').execute(db);
}
