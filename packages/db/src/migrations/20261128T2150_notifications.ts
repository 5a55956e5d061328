import { sql, type Kysely } from 'kysely';
import { MESSAGES_CHANNEL } from '../notifications';
import { runStatements } from './run-statements';

// Notifications (docs/notifications.md): every event that concerns a member or staff is one row of
// `notifications`, written by packages/core/src/notifications/notify.ts, read by the in-app centre and delivered by
// the job queue per the recipient's `notification_settings` (no row: the defaults of packages/schemas). A change of
// a member's unread notifications (new, read, removed) is announced on the live messages' channel so the header's bell
// follows on every tab; ids only, as for messages. A block removes what either of the two caused the other.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      actor_id uuid REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      title text NOT NULL,
      body text NOT NULL DEFAULT '',
      url text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      group_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      emailed_at timestamptz,
      pushed_at timestamptz
    );
    CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, id DESC);
    CREATE INDEX notifications_unread_idx ON notifications (recipient_id) WHERE read_at IS NULL;
    CREATE INDEX notifications_actor_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL;
    CREATE TABLE notification_settings (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      kinds jsonb NOT NULL DEFAULT '{}',
      quiet_start smallint CHECK (quiet_start BETWEEN 0 AND 1439),
      quiet_end smallint CHECK (quiet_end BETWEEN 0 AND 1439),
      time_zone text NOT NULL DEFAULT 'UTC',
      digest boolean NOT NULL DEFAULT false,
      discreet boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE push_devices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      platform text NOT NULL CHECK (platform IN ('web', 'android', 'ios')),
      token text NOT NULL,
      p256dh text,
      auth text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (platform, token)
    );
    CREATE INDEX push_devices_user_idx ON push_devices (user_id)
  `,
  );
  // one statement per query (PGlite's extended protocol); the function bodies on one line
  await sql
    .raw(
      `CREATE FUNCTION notify_notifications() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE r record; BEGIN IF TG_OP = 'DELETE' THEN FOR r IN SELECT DISTINCT recipient_id FROM old_rows LOOP PERFORM pg_notify('${MESSAGES_CHANNEL}', json_build_object('kind', 'notifications', 'sender_id', r.recipient_id, 'recipient_id', r.recipient_id)::text); END LOOP; ELSIF TG_OP = 'UPDATE' THEN FOR r IN SELECT DISTINCT n.recipient_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.read_at IS DISTINCT FROM n.read_at LOOP PERFORM pg_notify('${MESSAGES_CHANNEL}', json_build_object('kind', 'notifications', 'sender_id', r.recipient_id, 'recipient_id', r.recipient_id)::text); END LOOP; ELSE FOR r IN SELECT DISTINCT recipient_id FROM new_rows LOOP PERFORM pg_notify('${MESSAGES_CHANNEL}', json_build_object('kind', 'notifications', 'sender_id', r.recipient_id, 'recipient_id', r.recipient_id)::text); END LOOP; END IF; RETURN NULL; END $$`,
    )
    .execute(db);
  for (const [name, event, table] of [
    ['notifications_insert_notify', 'INSERT', 'NEW TABLE AS new_rows'],
    ['notifications_update_notify', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['notifications_delete_notify', 'DELETE', 'OLD TABLE AS old_rows'],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON notifications REFERENCING ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_notifications()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `CREATE FUNCTION block_removes_notifications() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM notifications WHERE (recipient_id = NEW.blocker_id AND actor_id = NEW.blocked_id) OR (recipient_id = NEW.blocked_id AND actor_id = NEW.blocker_id); RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER blocks_remove_notifications AFTER INSERT ON blocks FOR EACH ROW EXECUTE FUNCTION block_removes_notifications()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER IF EXISTS blocks_remove_notifications ON blocks;
    DROP FUNCTION IF EXISTS block_removes_notifications();
    DROP TABLE IF EXISTS push_devices;
    DROP TABLE IF EXISTS notification_settings;
    DROP TABLE IF EXISTS notifications;
    DROP FUNCTION IF EXISTS notify_notifications()
  `,
  );
}
