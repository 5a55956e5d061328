import { subscriptionQueries, type Database } from '@rhema/db';
import type { TSubscription } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { toSubscription } from './subscription-view';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';

/** The premium screen's subscription: the member's own only (anyone else's answers like an unknown id). */
export async function getMySubscription({
  db,
  userId,
  subscriptionId,
}: {
  db: Database;
  userId: string;
  subscriptionId: string;
}): Promise<TSubscription> {
  const row = await subscriptionQueries.findSubscription(db, subscriptionId);
  if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND', SUBSCRIPTION_NOT_FOUND);
  return toSubscription(row);
}
