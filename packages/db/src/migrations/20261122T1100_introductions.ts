import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The introductions between members.
// - contact_disclosures: every release of a member's contact details to another member (the step of the
//   private matchmaking flow where a member accepts), with its date. A row is what lets the viewer see the
//   subject's phone and email (packages/core/src/profiles/visibility.ts), so no release can happen without
//   its record.
// - subscriptions: the payment step of a premium subscription (docs/decisions/070): which provider, its reference,
//   who confirmed it and when; at most one live (pending or active) premium per member and match.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE contact_disclosures (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- whose details were released
      subject_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- who may now see them
      viewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      introduction_id uuid REFERENCES introductions (id) ON DELETE SET NULL,
      fields text[] NOT NULL,
      disclosed_at timestamptz NOT NULL DEFAULT now(),
      CHECK (subject_id <> viewer_id)
    );
    CREATE UNIQUE INDEX contact_disclosures_pair_key ON contact_disclosures (subject_id, viewer_id, introduction_id);
    CREATE INDEX contact_disclosures_viewer_idx ON contact_disclosures (viewer_id, subject_id);

    ALTER TABLE subscriptions ADD COLUMN provider text NOT NULL DEFAULT 'manual';
    ALTER TABLE subscriptions ADD COLUMN provider_reference text;
    ALTER TABLE subscriptions ADD COLUMN activated_at timestamptz;
    ALTER TABLE subscriptions ADD COLUMN confirmed_by uuid REFERENCES users (id) ON DELETE SET NULL;
    CREATE UNIQUE INDEX subscriptions_live_key ON subscriptions (user_id, introduction_id)
      WHERE status IN ('pending', 'active');
    CREATE INDEX subscriptions_introduction_idx ON subscriptions (introduction_id);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS subscriptions_introduction_idx;
    DROP INDEX IF EXISTS subscriptions_live_key;
    ALTER TABLE subscriptions DROP COLUMN IF EXISTS confirmed_by;
    ALTER TABLE subscriptions DROP COLUMN IF EXISTS activated_at;
    ALTER TABLE subscriptions DROP COLUMN IF EXISTS provider_reference;
    ALTER TABLE subscriptions DROP COLUMN IF EXISTS provider;
    DROP TABLE IF EXISTS contact_disclosures;
  `,
  );
}
