import type { subscriptionQueries } from '@rhema/db';
import { premiumPriceLabel, type PremiumPrice, type TPremiumPrice, type TSubscription } from '@rhema/schemas';
import { paymentInstructions } from './payment-provider';

type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof subscriptionQueries.findSubscription>>>;

/** A price as the web and the apps read it: amount, currency and its label. */
export function premiumPrice(price: PremiumPrice): TPremiumPrice {
  return { amount_minor: price.amount_minor, currency: price.currency, label: premiumPriceLabel(price) };
}

export function toSubscription(row: SubscriptionRow): TSubscription {
  // the hosted checkout only while the premium waits for its payment
  const checkoutUrl = row.status === 'pending' && row.payment_state === 'awaiting' ? row.checkout_url : null;
  return {
    _id: row.id,
    plan: 'premium',
    status: row.status as TSubscription['status'],
    match_id: row.introduction_id,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    activated_at: row.activated_at ? row.activated_at.toISOString() : null,
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    payment: {
      provider: row.provider,
      reference: row.provider_reference,
      instructions: paymentInstructions({
        status: row.status,
        reference: row.provider_reference,
        checkoutUrl,
      }),
      amount: premiumPrice({ amount_minor: row.amount_minor, currency: row.currency }),
      state: row.payment_state as TSubscription['payment']['state'],
      checkout_url: checkoutUrl,
    },
  };
}
