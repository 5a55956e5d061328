import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Identity verification by a third-party provider (docs/decisions/171-identity-verification-provider.md). We keep
// only the state, the provider's reference, the provider's reason code for a decline and the dates: never an image,
// a document number or an address. users.identity_verified_at stays the badge's one source. Every provider webhook
// event id is kept once (webhook_events) so a redelivery changes nothing. An introduction may require its parties
// to be verified.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE identity_verifications (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_reference text NOT NULL,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'verified', 'declined', 'expired', 'revoked')),
      reason text,
      started_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      -- the provider's time of the last event applied: an older event arriving late is ignored
      event_at timestamptz,
      verified_at timestamptz,
      revoked_by uuid REFERENCES users (id) ON DELETE SET NULL
    );
    CREATE UNIQUE INDEX identity_verifications_reference_key ON identity_verifications (provider, provider_reference);

    CREATE TABLE webhook_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      received_at timestamptz NOT NULL,
      PRIMARY KEY (provider, event_id)
    );

    ALTER TABLE introductions ADD COLUMN require_verification boolean NOT NULL DEFAULT false;
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE introductions DROP COLUMN IF EXISTS require_verification;
     DROP TABLE IF EXISTS webhook_events, identity_verifications;`,
  );
}
