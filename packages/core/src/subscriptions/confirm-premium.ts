import { userQueries, subscriptionQueries, type Database } from '@rhema/db';
import type { TSubscription } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { SUBSCRIPTION_NOT_FOUND } from './read-subscription';
import { toSubscription } from './subscription-view';

/**
 * The payment of a pending premium is confirmed: by staff (subscriptions.confirm) today, by a provider's webhook
 * later (confirmedBy null, `via` the provider). Idempotent: confirming an active one changes nothing and writes no
 * second audit entry; of concurrent confirmations one activates it (a conditional UPDATE).
 */
export async function confirmPremium({
  db,
  now,
  subscriptionId,
  confirmedBy,
  via,
}: {
  db: Database;
  now: Date;
  subscriptionId: string;
  confirmedBy: string | null;
  via: string;
}): Promise<TSubscription> {
  const activated = await db.transaction().execute(async (trx) => {
    const row = await subscriptionQueries.activateSubscription(trx, {
      id: subscriptionId,
      confirmedBy,
      at: now,
    });
    if (row) {
      await userQueries.insertAudit(trx, {
        actorId: confirmedBy,
        action: 'subscription.confirm',
        targetType: 'subscription',
        targetId: subscriptionId,
        details: { via, match_id: row.introduction_id },
        at: now,
      });
    }
    return row;
  });
  if (activated) return toSubscription(activated);
  const current = await subscriptionQueries.findSubscription(db, subscriptionId);
  if (!current) throw new AppError('NOT_FOUND', SUBSCRIPTION_NOT_FOUND);
  if (current.status === 'active') return toSubscription(current);
  throw new AppError('CONFLICT', `This subscription is ${current.status}; it cannot be confirmed.`);
}
