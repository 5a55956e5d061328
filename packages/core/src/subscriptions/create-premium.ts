import { auditQueries, introductionQueries, subscriptionQueries, type Database } from '@rhema/db';
import { DEFAULT_PREMIUM_PRICE, type PremiumPrice, type TSubscription } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import {
  INTRODUCTION_INACTIVE,
  INTRODUCTION_NOT_FOUND,
  INTRODUCTION_WITHOUT_MATCH,
} from '../introductions/act-on-introduction';
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
  price = DEFAULT_PREMIUM_PRICE,
  returnUrl = '',
}: {
  db: Database;
  now: Date;
  userId: string;
  matchId: string;
  provider?: PaymentProvider;
  /** the configured price (PREMIUM_PRICE_MINOR, PREMIUM_PRICE_CURRENCY): the subscription keeps it */
  price?: PremiumPrice;
  /** where a hosted checkout sends the member back: the premium screen (its id is appended) */
  returnUrl?: string | ((subscriptionId: string) => string);
}): Promise<TSubscription> {
  const introduction = await introductionQueries.findIntroductionForParty(db, matchId, userId);
  if (!introduction) throw new AppError('NOT_FOUND', INTRODUCTION_NOT_FOUND);
  if (introduction.owner_id !== userId) {
    throw new AppError('FORBIDDEN', 'Accepting or rejecting an introduction is free: no premium is needed.');
  }
  if (!introduction.is_active) throw new AppError('CONFLICT', INTRODUCTION_INACTIVE);
  // premium buys the request to a match: none can be taken before the consultant chose one
  if (!introduction.contact_id) throw new AppError('CONFLICT', INTRODUCTION_WITHOUT_MATCH);
  const live = async () => (await subscriptionQueries.listLivePremiums(db, userId, [matchId], now))[0];
  const existing = await live();
  if (existing) return toSubscription(existing);

  const created = await db.transaction().execute(async (trx) => {
    const row = await subscriptionQueries.insertPendingPremium(trx, {
      userId,
      introductionId: matchId,
      provider: provider.name,
      amountMinor: price.amount_minor,
      currency: price.currency,
      at: now,
    });
    if (!row) return undefined;
    // the checkout is opened inside the transaction: if the provider fails, no pending premium is left behind
    const { reference, checkoutUrl } = await provider.start({
      subscriptionId: row.id,
      userId,
      matchId,
      price,
      returnUrl: typeof returnUrl === 'function' ? returnUrl(row.id) : returnUrl,
    });
    await subscriptionQueries.setProviderReference(trx, row.id, reference, checkoutUrl);
    await auditQueries.insertAudit(trx, {
      actorId: userId,
      action: 'subscription.create',
      targetType: 'subscription',
      targetId: row.id,
      details: { match_id: matchId, provider: provider.name },
      at: now,
    });
    return { ...row, provider_reference: reference, checkout_url: checkoutUrl };
  });
  const subscription = created ?? (await live());
  if (!subscription) throw new AppError('CONFLICT', 'Please try again.');
  return toSubscription(subscription);
}
