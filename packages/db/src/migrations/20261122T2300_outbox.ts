import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Work a request hands over instead of doing it inline (docs/decisions/131-work-after-the-answer.md):
// - jobs: a durable queue in PostgreSQL. A request adds one row and answers; a worker in every server instance
//   claims due rows (FOR UPDATE SKIP LOCKED, so two instances never take the same one), runs them, deletes them
//   when done and retries failures later. A reset request or a sign-up does the same work whether the email is
//   known or not; the mail goes out after the answer and survives a restart.
// - pending_registrations: a sign-up waiting for the code mailed to its address; the account exists only once the
//   code comes back (POST auth/register/confirm).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL,
      run_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      last_error text,
      failed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE failed_at IS NULL;

    CREATE TABLE pending_registrations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      gender text NOT NULL,
      date_of_birth date NOT NULL,
      country_code text NOT NULL,
      phone text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT pending_registrations_email_lower CHECK (email = lower(email))
    );
    CREATE UNIQUE INDEX pending_registrations_email_key ON pending_registrations (email);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS pending_registrations; DROP TABLE IF EXISTS jobs;`);
}
