import { subscriptionQueries, type Database } from '@rhema/db';
import { AppError } from '../errors/app-error';

/** Requesting an introduction needs an active premium subscription for that match (docs/decisions/070). */
export async function hasActivePremium({
  db,
  userId,
  matchId,
  now,
}: {
  db: Database;
  userId: string;
  matchId: string;
  now: Date;
}): Promise<boolean> {
  const live = await subscriptionQueries.listLivePremiums(db, userId, [matchId], now);
  return live.some((subscription) => subscription.status === 'active');
}

/** The product's requirement error (HTTP 417): its body names what is required and for which match. */
export function premiumRequiredError(matchId: string): AppError {
  return new AppError('REQUIREMENT', 'A premium subscription for this match is required.', {
    details: { requirement: 'premium', match_id: matchId },
  });
}
