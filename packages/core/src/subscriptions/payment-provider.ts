import type { PremiumPrice } from '@rhema/schemas';

// How a premium subscription gets paid (docs/decisions/173-premium-paid-online.md). With a card processor
// configured, `start` opens its hosted checkout for the pending subscription and its signed webhook
// (./apply-payment-event.ts) activates or revokes it. 'manual' is the bank transfer a consultant confirms in the
// console: the production default without a key, and always a fallback (staff may confirm any pending premium).

/** One provider event about a payment, as the use case applies it. */
export type PaymentEvent =
  | {
      id: string;
      createdAt: Date;
      kind: 'paid';
      /** the checkout's id (subscriptions.provider_reference) */
      checkoutReference: string;
      /** the payment's id: refunds and disputes name it */
      paymentReference: string;
    }
  | { id: string; createdAt: Date; kind: 'refunded' | 'disputed'; paymentReference: string };

export interface PaymentProvider {
  /** stored in subscriptions.provider */
  readonly name: string;
  /**
   * Starts paying for a new pending subscription: the reference is what the member quotes (or the checkout id),
   * `checkoutUrl` the hosted page where they pay (null when they pay by bank transfer).
   */
  start(payment: {
    subscriptionId: string;
    userId: string;
    matchId: string;
    price: PremiumPrice;
    /** where the checkout sends the member back (paid or not): the premium screen */
    returnUrl: string;
  }): Promise<{ reference: string | null; checkoutUrl: string | null }>;
  /**
   * Reads a webhook: throws WebhookSignatureError (../webhook-signature.ts) unless signed by the provider within the
   * replay window; null for an event that says nothing about a payment. Absent for the manual provider.
   */
  readEvent?(body: string, signature: string | undefined, now: Date): PaymentEvent | null;
}

export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  async start({ subscriptionId }) {
    return { reference: manualReference(subscriptionId), checkoutUrl: null };
  },
};

/** The reference a member quotes for a bank transfer. */
export function manualReference(subscriptionId: string): string {
  return `RP-${subscriptionId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** How the member completes the payment, for the premium screen. */
export function paymentInstructions(subscription: {
  status: string;
  reference: string | null;
  checkoutUrl: string | null;
}): string {
  const { status, reference, checkoutUrl } = subscription;
  if (status === 'active')
    return 'Your premium for this match is active: you can now request the introduction.';
  if (status === 'revoked')
    return 'Your payment was refunded or disputed, so this premium was withdrawn. Start a new one from the introduction.';
  if (status !== 'pending')
    return 'This subscription is no longer active. Start a new one from the introduction.';
  if (checkoutUrl)
    return `Pay by card on the secure checkout page: your premium starts as soon as the payment goes through. To pay by bank transfer instead, quote the reference ${reference ?? ''} and a Rhema consultant confirms it.`;
  return `A Rhema consultant will contact you to take the payment; please quote the reference ${reference ?? ''}. Your premium starts as soon as they confirm it.`;
}
