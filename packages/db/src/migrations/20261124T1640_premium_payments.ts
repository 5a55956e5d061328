import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Premium paid online (docs/decisions/173-premium-paid-online.md). Each subscription keeps the price it was sold at
// (amount in minor units and currency: the configured price may change later), the hosted checkout's address, the
// provider's payment id (refunds and disputes name the payment, not the checkout) and the payment's own state. A
// refund or dispute that arrives before its payment (webhooks come in any order) waits in payment_reversals.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE subscriptions DROP CONSTRAINT IF EXISTS subscriptions_status_check;
    ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
      CHECK (status IN ('pending', 'active', 'cancelled', 'expired', 'revoked'));
    -- the default is DEFAULT_PREMIUM_PRICE (packages/schemas/src/premium.ts): rows sold before prices were recorded
    -- were sold at it; createPremium always writes the configured price
    ALTER TABLE subscriptions ADD COLUMN amount_minor integer NOT NULL DEFAULT 4900 CHECK (amount_minor >= 0);
    ALTER TABLE subscriptions ADD COLUMN currency text NOT NULL DEFAULT 'GBP' CHECK (currency ~ '^[A-Z]{3}$');
    ALTER TABLE subscriptions ADD COLUMN checkout_url text;
    ALTER TABLE subscriptions ADD COLUMN payment_reference text;
    ALTER TABLE subscriptions ADD COLUMN payment_state text NOT NULL DEFAULT 'awaiting'
      CHECK (payment_state IN ('awaiting', 'paid', 'refunded', 'disputed'));
    ALTER TABLE subscriptions ADD COLUMN revoked_at timestamptz;
    CREATE UNIQUE INDEX subscriptions_payment_reference_key ON subscriptions (provider, payment_reference)
      WHERE payment_reference IS NOT NULL;

    CREATE TABLE payment_reversals (
      provider text NOT NULL,
      payment_reference text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('refunded', 'disputed')),
      event_id text NOT NULL,
      received_at timestamptz NOT NULL,
      PRIMARY KEY (provider, payment_reference, kind)
    );
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `DROP TABLE IF EXISTS payment_reversals;
     DROP INDEX IF EXISTS subscriptions_payment_reference_key;
     ALTER TABLE subscriptions DROP COLUMN IF EXISTS revoked_at, DROP COLUMN IF EXISTS payment_state,
       DROP COLUMN IF EXISTS payment_reference, DROP COLUMN IF EXISTS checkout_url, DROP COLUMN IF EXISTS currency,
       DROP COLUMN IF EXISTS amount_minor;
     UPDATE subscriptions SET status = 'cancelled' WHERE status = 'revoked';
     ALTER TABLE subscriptions DROP CONSTRAINT IF EXISTS subscriptions_status_check;
     ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
       CHECK (status IN ('pending', 'active', 'cancelled', 'expired'));`,
  );
}
