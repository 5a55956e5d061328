import type { Database } from '../create-db';

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
  return db
    .selectFrom('subscriptions')
    .select(SUBSCRIPTION_COLUMNS)
    .where('user_id', '=', userId)
    .where('plan', '=', 'premium')
    .where('introduction_id', 'in', introductionIds)
    .where('status', 'in', ['pending', 'active'])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
}

/** A pending premium; undefined when the member already has a live one for this match (one at a time). */
export async function insertPendingPremium(
  db: Database,
  row: { userId: string; introductionId: string; provider: string; at: Date },
) {
  return db
    .insertInto('subscriptions')
    .values({
      user_id: row.userId,
      introduction_id: row.introductionId,
      plan: 'premium',
      status: 'pending',
      provider: row.provider,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'introduction_id']).where('status', 'in', ['pending', 'active']).doNothing(),
    )
    .returning(SUBSCRIPTION_COLUMNS)
    .executeTakeFirst();
}

export async function setProviderReference(db: Database, id: string, reference: string | null) {
  await db.updateTable('subscriptions').set({ provider_reference: reference }).where('id', '=', id).execute();
}

/** pending -> active, conditionally: of concurrent confirmations exactly one changes the row. */
export async function activateSubscription(
  db: Database,
  change: { id: string; confirmedBy: string | null; at: Date },
) {
  return db
    .updateTable('subscriptions')
    .set({ status: 'active', activated_at: change.at, confirmed_by: change.confirmedBy })
    .where('id', '=', change.id)
    .where('status', '=', 'pending')
    .returning(SUBSCRIPTION_COLUMNS)
    .executeTakeFirst();
}
