import { auditQueries, verificationQueries, type Database } from '@rhema/db';
import type { VerificationEvent } from './identity-provider';
import * as tell from '../notifications/events';

export type EventResult = 'applied' | 'duplicate' | 'ignored';

/**
 * A provider's signed event, already verified (./identity-provider.ts). Idempotent by event id (webhook_events);
 * safe out of order: an event older than the last one applied changes nothing, and no event undoes "verified" or
 * a staff revocation. An event of a session the member has since replaced (or never had) is ignored.
 */
export async function applyVerificationEvent({
  db,
  now,
  provider,
  event,
}: {
  db: Database;
  now: Date;
  provider: string;
  event: VerificationEvent;
}): Promise<EventResult> {
  return db.transaction().execute(async (trx) => {
    const first = await verificationQueries.recordWebhookEvent(trx, { provider, eventId: event.id, at: now });
    if (!first) return 'duplicate';
    const row = await verificationQueries.findVerificationByReference(trx, provider, event.reference);
    if (!row || row.status === 'verified' || row.status === 'revoked') return 'ignored';
    if (row.event_at && event.createdAt < row.event_at) return 'ignored';
    await verificationQueries.setVerificationOutcome(trx, {
      userId: row.user_id,
      status: event.outcome,
      reason: event.reason,
      eventAt: event.createdAt,
      verifiedAt: event.outcome === 'verified' ? now : null,
      at: now,
    });
    if (event.outcome !== 'pending')
      await auditQueries.insertAudit(trx, {
        actorId: null,
        action: `verification.${event.outcome}`,
        targetType: 'user',
        targetId: row.user_id,
        details: { provider, event_id: event.id },
        at: now,
      });
    if (event.outcome !== 'pending')
      await tell.verificationResult(trx, {
        userId: row.user_id,
        verified: event.outcome === 'verified',
        now,
      });
    return 'applied';
  });
}
