import { userQueries, introductionQueries, subscriptionQueries, type Database } from '@rhema/db';
import type { TSubscription } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { INTRODUCTION_NOT_FOUND } from '../introductions/act-on-introduction';
import { manualPaymentProvider, type PaymentProvider } from './payment-provider';
import { toSubscription } from './subscription-view';

/**
 * POST user-subscriptions/premium: a premium subscription for one match, pending until its payment is confirmed.
 * Only the member the introduction was made for may take one (the contact answers for free). Asking again while one
 * is live answers that one, so a double tap makes one subscription.
 */
export async function createPremium({
  db,
  now,
  userId,
  matchId,
  provider = manualPaymentProvider,
}: {
  db: Database;
  now: Date;
  userId: string;
  matchId: string;
  provider?: PaymentProvider;
}): Promise<TSubscription> {
  const introduction = await introductionQueries.findIntroductionForParty(db, matchId, userId);
  if (!introduction) throw new AppError('NOT_FOUND', INTRODUCTION_NOT_FOUND);
  if (introduction.owner_id !== userId) {
    throw new AppError('FORBIDDEN', 'Accepting or rejecting an introduction is free: no premium is needed.');
  }
  const live = async () => (await subscriptionQueries.listLivePremiums(db, userId, [matchId], now))[0];
  const existing = await live();
  if (existing) return toSubscription(existing);

  const created = await db.transaction().execute(async (trx) => {
    const row = await subscriptionQueries.insertPendingPremium(trx, {
      userId,
      introductionId: matchId,
      provider: provider.name,
      at: now,
    });
    if (!row) return undefined;
    const { reference } = await provider.start({ subscriptionId: row.id, userId, matchId });
    await subscriptionQueries.setProviderReference(trx, row.id, reference);
    await userQueries.insertAudit(trx, {
      actorId: userId,
      action: 'subscription.create',
      targetType: 'subscription',
      targetId: row.id,
      details: { match_id: matchId, provider: provider.name },
      at: now,
    });
    return { ...row, provider_reference: reference };
  });
  const subscription = created ?? (await live());
  if (!subscription) throw new AppError('CONFLICT', 'Please try again.');
  return toSubscription(subscription);
}
