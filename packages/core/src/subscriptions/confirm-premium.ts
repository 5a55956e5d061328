import { auditQueries, subscriptionQueries, type Database } from '@rhema/db';
import { premiumPriceLabel, type TSubscription } from '@rhema/schemas';
import type { JobQueue } from '../jobs/queue';
import { premiumReceiptEmail } from '../mail/templates';
import { AppError } from '../errors/app-error';
import { SUBSCRIPTION_NOT_FOUND } from './read-subscription';
import { toSubscription } from './subscription-view';
import * as tell from '../notifications/events';

/**
 * Staff confirm the payment of a pending premium (subscriptions.confirm): a bank transfer the consultant
 * received (card payments go through ./apply-payment-event.ts). Idempotent: confirming an active one changes
 * nothing and writes no second audit entry; of concurrent confirmations one activates it (a conditional UPDATE).
 * The member gets a receipt when it activates.
 */
export async function confirmPremium({
  db,
  now,
  subscriptionId,
  confirmedBy,
  via,
  jobs,
}: {
  db: Database;
  /** the receipt email goes through it (none where the caller has no queue) */
  jobs?: JobQueue;
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
      await auditQueries.insertAudit(trx, {
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
  if (activated) {
    await tell.premiumPaid(db, { userId: activated.user_id, now });
    const payer = jobs ? await subscriptionQueries.findPaymentContext(db, activated.id) : undefined;
    if (jobs && payer)
      await jobs.add({
        kind: 'mail',
        message: premiumReceiptEmail({
          to: payer.email,
          firstName: payer.first_name,
          amount: premiumPriceLabel({ amount_minor: activated.amount_minor, currency: activated.currency }),
          reference: activated.provider_reference ?? activated.id,
          when: now,
        }),
      });
    return toSubscription(activated);
  }
  const current = await subscriptionQueries.findSubscription(db, subscriptionId);
  if (!current) throw new AppError('NOT_FOUND', SUBSCRIPTION_NOT_FOUND);
  if (current.status === 'active') return toSubscription(current);
  throw new AppError('CONFLICT', `This subscription is ${current.status}; it cannot be confirmed.`);
}
