import { verificationQueries, type Database } from '@rhema/db';
import type { TVerification } from '@rhema/schemas';
import { NOT_STARTED, toVerification } from './verification-view';

/** GET user-verification: where the member stands with the identity check. */
export async function getMyVerification({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<TVerification> {
  const row = await verificationQueries.findVerification(db, userId);
  if (row) return toVerification(row);
  // verified without a session of ours (the demo seed): the badge's source says so
  const verifiedAt = await verificationQueries.findIdentityVerifiedAt(db, userId);
  return verifiedAt
    ? { ...NOT_STARTED, status: 'verified', verified_at: verifiedAt.toISOString() }
    : NOT_STARTED;
}
