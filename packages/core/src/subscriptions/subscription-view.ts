import type { subscriptionQueries } from '@rhema/db';
import type { TSubscription } from '@rhema/schemas';
import { providerFor } from './payment-provider';

type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof subscriptionQueries.findSubscription>>>;

export function toSubscription(row: SubscriptionRow): TSubscription {
  const provider = providerFor(row.provider);
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
      provider: provider.name,
      reference: row.provider_reference,
      instructions: provider.instructions({ status: row.status, reference: row.provider_reference }),
    },
  };
}
