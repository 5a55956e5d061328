import { sql } from 'kysely';
import type { Database } from '../create-db';
import { precompiled } from './precompiled';

const SUBSCRIPTION_COLUMNS = [
  'id',
  'user_id',
  'introduction_id',
  'plan',
  'status',
  'provider',
  'provider_reference',
  'created_at',
  'activated_at',
  'expires_at',
  'amount_minor',
  'currency',
  'checkout_url',
  'payment_reference',
  'payment_state',
  'revoked_at',
] as const;

export async function findSubscription(db: Database, id: string) {
  return db.selectFrom('subscriptions').select(SUBSCRIPTION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The member's live (pending or active, not expired) premium for each of these matches. */
export async function listLivePremiums(
  db: Database,
  userId: string,
  introductionIds: readonly string[],
  now: Date,
) {
  if (introductionIds.length === 0) return [];
  return livePremiums(db, { userId, introductionIds: [...introductionIds], now });
}

// built once (./precompiled.ts): a member's list of introductions runs it
const livePremiums = precompiled(['userId', 'introductionIds', 'now'], (db, p) =>
  db
    .selectFrom('subscriptions')
    .select(SUBSCRIPTION_COLUMNS)
    .where('user_id', '=', p.userId)
    .where('plan', '=', 'premium')
    .where('introduction_id', '=', sql<string>`any(${p.introductionIds}::uuid[])`)
    .where('status', 'in', ['pending', 'active'])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`${p.now}`)])),
);

/** A pending premium; undefined when the member already has a live one for this match (one at a time). */
export async function insertPendingPremium(
  db: Database,
  row: {
    userId: string;
    introductionId: string;
    provider: string;
    amountMinor: number;
    currency: string;
    at: Date;
  },
) {
  return db
    .insertInto('subscriptions')
    .values({
      user_id: row.userId,
      introduction_id: row.introductionId,
      plan: 'premium',
      status: 'pending',
      provider: row.provider,
      amount_minor: row.amountMinor,
      currency: row.currency,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'introduction_id']).where('status', 'in', ['pending', 'active']).doNothing(),
    )
    .returning(SUBSCRIPTION_COLUMNS)
    .executeTakeFirst();
}

export async function setProviderReference(
  db: Database,
  id: string,
  reference: string | null,
  checkoutUrl: string | null = null,
) {
  await db
    .updateTable('subscriptions')
    .set({ provider_reference: reference, checkout_url: checkoutUrl })
    .where('id', '=', id)
    .execute();
}

/** pending -> active, conditionally: of concurrent confirmations exactly one changes the row. */
export async function activateSubscription(
  db: Database,
  change: { id: string; confirmedBy: string | null; at: Date },
) {
  return db
    .updateTable('subscriptions')
    .set({
      status: 'active',
      activated_at: change.at,
      confirmed_by: change.confirmedBy,
      payment_state: 'paid',
      checkout_url: null,
    })
    .where('id', '=', change.id)
    .where('status', '=', 'pending')
    .returning(SUBSCRIPTION_COLUMNS)
    .executeTakeFirst();
}

// Payments by a provider's webhook (packages/core/src/subscriptions/apply-payment-event.ts), inside its transaction.

/** The subscription a checkout was opened for, locked for the event's change. */
export async function findSubscriptionByCheckout(db: Database, provider: string, reference: string) {
  return db
    .selectFrom('subscriptions')
    .select(SUBSCRIPTION_COLUMNS)
    .where('provider', '=', provider)
    .where('provider_reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

/** The subscription a payment paid for (refunds and disputes name the payment), locked. */
export async function findSubscriptionByPayment(db: Database, provider: string, paymentReference: string) {
  return db
    .selectFrom('subscriptions')
    .select(SUBSCRIPTION_COLUMNS)
    .where('provider', '=', provider)
    .where('payment_reference', '=', paymentReference)
    .forUpdate()
    .executeTakeFirst();
}

/** The checkout was paid: the payment's id and state are kept; a pending premium becomes active. */
export async function recordPayment(
  db: Database,
  change: { id: string; paymentReference: string; at: Date },
) {
  return db
    .updateTable('subscriptions')
    .set((eb) => ({
      payment_reference: change.paymentReference,
      payment_state: 'paid',
      checkout_url: null,
      status: eb.case().when('status', '=', 'pending').then('active').else(eb.ref('status')).end(),
      activated_at: eb
        .case()
        .when('status', '=', 'pending')
        .then(change.at)
        .else(eb.ref('activated_at'))
        .end(),
    }))
    .where('id', '=', change.id)
    .returning(SUBSCRIPTION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A refund or dispute: the payment's state, and (unless the rule keeps it) the premium revoked. */
export async function recordReversal(
  db: Database,
  change: { id: string; paymentState: 'refunded' | 'disputed'; revoke: boolean; at: Date },
) {
  return db
    .updateTable('subscriptions')
    .set({
      payment_state: change.paymentState,
      ...(change.revoke ? { status: 'revoked', revoked_at: change.at } : {}),
    })
    .where('id', '=', change.id)
    .returning(SUBSCRIPTION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A refund or dispute whose payment is not known yet (it arrived first): applied when the payment arrives. */
export async function holdReversal(
  db: Database,
  row: {
    provider: string;
    paymentReference: string;
    kind: 'refunded' | 'disputed';
    eventId: string;
    at: Date;
  },
) {
  await db
    .insertInto('payment_reversals')
    .values({
      provider: row.provider,
      payment_reference: row.paymentReference,
      kind: row.kind,
      event_id: row.eventId,
      received_at: row.at,
    })
    .onConflict((oc) => oc.columns(['provider', 'payment_reference', 'kind']).doNothing())
    .execute();
}

export async function findHeldReversals(db: Database, provider: string, paymentReference: string) {
  return db
    .selectFrom('payment_reversals')
    .select(['kind', 'event_id'])
    .where('provider', '=', provider)
    .where('payment_reference', '=', paymentReference)
    .execute();
}

/** The introduction's status (a refund keeps premium once the match has accepted) and who the payer is. */
export async function findPaymentContext(db: Database, subscriptionId: string) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .leftJoin('introductions', 'introductions.id', 'subscriptions.introduction_id')
    .select(['users.email', 'users.first_name', 'introductions.status as introduction_status'])
    .where('subscriptions.id', '=', subscriptionId)
    .executeTakeFirst();
}
