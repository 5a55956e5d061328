import type { RateLimitStore } from '@rhema/auth';
import { auditQueries, verificationQueries, type Database } from '@rhema/db';
import type { TStartedVerification } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { takeVerificationStartLimits } from '../rate-limit/member-writes';
import type { IdentityProvider } from './identity-provider';
import { toVerification } from './verification-view';

/**
 * POST user-verification: opens a session with the identity provider and answers where the member goes to verify.
 * A verified member is told so (nothing to start); otherwise each start is a new session that replaces the last one,
 * so a late event of an abandoned session can no longer change the member's state.
 */
export async function startVerification({
  db,
  rateLimitStore,
  now,
  userId,
  provider,
  returnUrl,
}: {
  db: Database;
  rateLimitStore: RateLimitStore;
  now: Date;
  userId: string;
  provider: IdentityProvider;
  returnUrl: string;
}): Promise<TStartedVerification> {
  const current = await verificationQueries.findVerification(db, userId);
  if (current?.status === 'verified') throw new AppError('CONFLICT', 'Your identity is already verified.');
  // each start is an audit row and, with Stripe, a session at the provider: a few an hour, a handful a day (F28)
  await takeVerificationStartLimits({ rateLimitStore, now }, userId);
  const session = await provider.start({ userId, returnUrl });
  const row = await db.transaction().execute(async (trx) => {
    const started = await verificationQueries.upsertStartedVerification(trx, {
      userId,
      provider: provider.name,
      reference: session.reference,
      at: now,
    });
    await auditQueries.insertAudit(trx, {
      actorId: userId,
      action: 'verification.start',
      targetType: 'user',
      targetId: userId,
      details: { provider: provider.name },
      at: now,
    });
    return started;
  });
  return { ...toVerification(row), url: session.url };
}
