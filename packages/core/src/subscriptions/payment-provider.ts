// How a premium subscription gets paid (docs/decisions/070). No card processor is reachable from here, so the
// one provider today is 'manual': a consultant takes the payment and confirms it in the console. A card processor
// plugs in as another PaymentProvider: `start` opens its checkout for the pending subscription, and its webhook
// calls confirmPremium (./confirm-premium.ts), which is idempotent, exactly like the staff button.

export interface PaymentProvider {
  /** stored in subscriptions.provider */
  readonly name: string;
  /** Starts paying for a new pending subscription; the reference is what the member quotes (or the checkout id). */
  start(payment: {
    subscriptionId: string;
    userId: string;
    matchId: string;
  }): Promise<{ reference: string | null }>;
  /** How the member completes the payment, for the premium screen. */
  instructions(subscription: { status: string; reference: string | null }): string;
}

export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  async start({ subscriptionId }) {
    return { reference: `RP-${subscriptionId.replace(/-/g, '').slice(0, 8).toUpperCase()}` };
  },
  instructions({ status, reference }) {
    if (status === 'active')
      return 'Your premium for this match is active: you can now request the introduction.';
    if (status === 'pending') {
      return `A Rhema consultant will contact you to take the payment; please quote the reference ${reference ?? ''}. Your premium starts as soon as they confirm it.`;
    }
    return 'This subscription is no longer active. Start a new one from the introduction.';
  },
};

/** Every provider by name, so a stored subscription finds the provider it was started with. */
export const PAYMENT_PROVIDERS: Record<string, PaymentProvider> = { manual: manualPaymentProvider };

export function providerFor(name: string): PaymentProvider {
  return PAYMENT_PROVIDERS[name] ?? manualPaymentProvider;
}
