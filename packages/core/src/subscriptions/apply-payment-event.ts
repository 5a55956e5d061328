import { auditQueries, subscriptionQueries, verificationQueries, type Database } from '@rhema/db';
import { premiumPriceLabel } from '@rhema/schemas';
import type { JobQueue } from '../jobs/queue';
import { premiumReceiptEmail } from '../mail/templates';
import type { PaymentEvent } from './payment-provider';

/** 'held': a refund or dispute that came before its payment, applied when the payment arrives */
export type PaymentEventResult = 'applied' | 'duplicate' | 'ignored' | 'held';

type Trx = Parameters<Parameters<ReturnType<Database['transaction']>['execute']>[0]>[0];
type SubscriptionRow = Awaited<ReturnType<typeof subscriptionQueries.recordPayment>>;

/**
 * A payment provider's signed event, already verified (./checkout-providers.ts). Idempotent by event id
 * (webhook_events, shared with identity events); safe out of order: a payment is recorded once, a refund or
 * dispute that arrives before its payment waits (payment_reversals) and applies the moment the payment does, and a
 * payment never undoes a reversal. The rule (docs/decisions/173-premium-paid-online.md): a refund or a dispute
 * revokes the premium of that match unless its introduction is already accepted (the request was presented and the
 * match said yes: the service was delivered and contact details were exchanged). A receipt is mailed once, when a
 * payment activates a premium.
 */
export async function applyPaymentEvent({
  db,
  jobs,
  now,
  provider,
  event,
}: {
  db: Database;
  jobs: JobQueue;
  now: Date;
  provider: string;
  event: PaymentEvent;
}): Promise<PaymentEventResult> {
  const outcome = await db.transaction().execute(async (trx) => {
    const first = await verificationQueries.recordWebhookEvent(trx, { provider, eventId: event.id, at: now });
    if (!first) return { result: 'duplicate' as const };
    if (event.kind === 'paid') {
      const row = await subscriptionQueries.findSubscriptionByCheckout(
        trx,
        provider,
        event.checkoutReference,
      );
      if (!row || row.payment_state !== 'awaiting') return { result: 'ignored' as const };
      let paid = await subscriptionQueries.recordPayment(trx, {
        id: row.id,
        paymentReference: event.paymentReference,
        at: now,
      });
      await audit(trx, 'subscription.paid', paid, { provider, event_id: event.id }, now);
      const held = await subscriptionQueries.findHeldReversals(trx, provider, event.paymentReference);
      for (const reversal of held)
        paid = await reverse(trx, paid, reversal.kind as 'refunded' | 'disputed', reversal.event_id, now);
      const receipt = row.status === 'pending' && paid.status === 'active' ? paid : null;
      return { result: 'applied' as const, receipt };
    }
    const row = await subscriptionQueries.findSubscriptionByPayment(trx, provider, event.paymentReference);
    if (!row) {
      await subscriptionQueries.holdReversal(trx, {
        provider,
        paymentReference: event.paymentReference,
        kind: event.kind,
        eventId: event.id,
        at: now,
      });
      return { result: 'held' as const };
    }
    if (row.payment_state === event.kind) return { result: 'ignored' as const };
    await reverse(trx, row, event.kind, event.id, now);
    return { result: 'applied' as const };
  });
  if ('receipt' in outcome && outcome.receipt) await sendReceipt(db, jobs, outcome.receipt, now);
  return outcome.result;
}

async function reverse(
  trx: Trx,
  row: SubscriptionRow,
  kind: 'refunded' | 'disputed',
  eventId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const context = await subscriptionQueries.findPaymentContext(trx, row.id);
  const accepted = context?.introduction_status === 'accepted';
  const revoke = !accepted && (row.status === 'active' || row.status === 'pending');
  const changed = await subscriptionQueries.recordReversal(trx, {
    id: row.id,
    paymentState: kind,
    revoke,
    at: now,
  });
  await audit(
    trx,
    revoke ? 'subscription.revoke' : `subscription.${kind}`,
    changed,
    { event_id: eventId, payment: kind, kept_because_accepted: accepted },
    now,
  );
  return changed;
}

function audit(trx: Trx, action: string, row: SubscriptionRow, details: Record<string, unknown>, now: Date) {
  return auditQueries.insertAudit(trx, {
    actorId: null,
    action,
    targetType: 'subscription',
    targetId: row.id,
    details: { ...details, match_id: row.introduction_id },
    at: now,
  });
}

async function sendReceipt(db: Database, jobs: JobQueue, row: SubscriptionRow, now: Date) {
  const payer = await subscriptionQueries.findPaymentContext(db, row.id);
  if (!payer) return;
  await jobs.add({
    kind: 'mail',
    message: premiumReceiptEmail({
      to: payer.email,
      firstName: payer.first_name,
      amount: premiumPriceLabel({ amount_minor: row.amount_minor, currency: row.currency }),
      reference: row.payment_reference ?? row.provider_reference ?? row.id,
      when: now,
    }),
  });
}
