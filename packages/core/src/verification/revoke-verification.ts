import { auditQueries, verificationQueries, type Database } from '@rhema/db';
import type { TVerification } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { toVerification } from './verification-view';

/** Staff take a member's verified badge away, with the reason the member reads (audited). */
export async function revokeVerification({
  db,
  now,
  staffId,
  userId,
  reason,
}: {
  db: Database;
  now: Date;
  staffId: string;
  userId: string;
  reason: string;
}): Promise<TVerification> {
  return db.transaction().execute(async (trx) => {
    let row = await verificationQueries.findVerification(trx, userId);
    // verified without a session of ours (the demo seed): a row is made so the member reads the reason
    if (!row && (await verificationQueries.findIdentityVerifiedAt(trx, userId)))
      row = await verificationQueries.upsertStartedVerification(trx, {
        userId,
        provider: 'none',
        reference: `none-${userId}`,
        at: now,
      });
    else if (row?.status !== 'verified') throw new AppError('CONFLICT', 'This member is not verified.');
    if (!row) throw new AppError('NOT_FOUND', 'Member not found.');
    await verificationQueries.setVerificationOutcome(trx, {
      userId,
      status: 'revoked',
      reason,
      eventAt: row.event_at,
      verifiedAt: null,
      at: now,
      revokedBy: staffId,
    });
    await auditQueries.insertAudit(trx, {
      actorId: staffId,
      action: 'verification.revoke',
      targetType: 'user',
      targetId: userId,
      details: { reason },
      at: now,
    });
    return toVerification(await verificationQueries.findVerification(trx, userId));
  });
}
