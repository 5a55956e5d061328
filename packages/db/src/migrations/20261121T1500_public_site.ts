import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The public website: the training centre's early-signup list, and per-IP request counters kept in
// PostgreSQL so that a limit holds across every app instance behind the load balancer.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE training_signups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      first_name text NOT NULL,
      country_code char(2),
      topics text[] NOT NULL DEFAULT '{}',
      -- the wording the visitor agreed to, so we can show what they consented to (UK GDPR art. 7(1))
      consent_text_version text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT training_signups_email_lower CHECK (email = lower(email))
    );
    CREATE UNIQUE INDEX training_signups_email_key ON training_signups (email);

    -- one row per (bucket, client): a fixed window that starts at the first hit and resets after it ends
    CREATE TABLE ip_rate_limits (
      bucket text NOT NULL,
      client_key text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (bucket, client_key)
    );
    CREATE INDEX ip_rate_limits_window_idx ON ip_rate_limits (window_start);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS ip_rate_limits, training_signups;`);
}
