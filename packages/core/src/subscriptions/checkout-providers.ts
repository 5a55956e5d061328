import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { readSignedEvent, type ProviderEvent } from '../webhook-signature';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

// The hosted checkouts (docs/decisions/173-premium-paid-online.md): Stripe Checkout when STRIPE_SECRET_KEY is set,
// else (outside production) the development checkout, a page inside our server (apps/server/src/routes/payments.ts)
// where the tester pays or cancels, which signs its webhook exactly as Stripe does.

const PRODUCT_NAME = 'Rhema Premium, one match';

/** Stripe's events (and the development checkout's, the same shape) as a PaymentEvent; null for any other. */
export function toPaymentEvent(event: ProviderEvent): PaymentEvent | null {
  const object = event.object;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  // a payment intent is answered expanded by some API versions: its id either way
  const paymentIntent =
    text(object.payment_intent) ?? text((object.payment_intent as { id?: unknown } | null)?.id);
  const base = { id: event.id, createdAt: event.created };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const checkout = text(object.id);
      // a delayed payment method completes the session unpaid: its async_payment_succeeded event pays it
      if (!checkout || !paymentIntent || object.payment_status !== 'paid') return null;
      return { ...base, kind: 'paid', checkoutReference: checkout, paymentReference: paymentIntent };
    }
    case 'charge.refunded':
      // a partial refund keeps premium: only a charge refunded in full counts
      if (!paymentIntent || object.refunded !== true) return null;
      return { ...base, kind: 'refunded', paymentReference: paymentIntent };
    case 'charge.dispute.created':
      if (!paymentIntent) return null;
      return { ...base, kind: 'disputed', paymentReference: paymentIntent };
    default:
      return null;
  }
}

export function createStripeCheckoutProvider(options: {
  secretKey: string;
  webhookSecret: string;
}): PaymentProvider {
  const stripe = new Stripe(options.secretKey);
  return {
    name: 'stripe',
    async start({ subscriptionId, userId, matchId, price, returnUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: price.currency.toLowerCase(),
              unit_amount: price.amount_minor,
              product_data: { name: PRODUCT_NAME },
            },
          },
        ],
        client_reference_id: subscriptionId,
        metadata: { subscription_id: subscriptionId, user_id: userId, match_id: matchId },
        success_url: returnUrl,
        cancel_url: returnUrl,
      });
      if (!session.url) throw new Error('Stripe Checkout answered a session without a URL');
      return { reference: session.id, checkoutUrl: session.url };
    },
    readEvent: (body, signature, now) =>
      toPaymentEvent(readSignedEvent(options.webhookSecret, body, signature, now)),
  };
}

/** Where the development checkout's page lives, under our own origin. */
export const DEV_CHECKOUT_PATH = '/dev/checkout';
export const DEV_CHECKOUT_REFERENCE = /^cs_dev_[0-9a-f]{24}$/;

export function createDevelopmentCheckoutProvider(options: { webhookSecret: string }): PaymentProvider {
  return {
    name: 'development',
    // on the origin the member will come back to (the return URL's), which is the one they are on
    async start({ returnUrl }) {
      const reference = `cs_dev_${randomBytes(12).toString('hex')}`;
      return { reference, checkoutUrl: `${new URL(returnUrl).origin}${DEV_CHECKOUT_PATH}/${reference}` };
    },
    readEvent: (body, signature, now) =>
      toPaymentEvent(readSignedEvent(options.webhookSecret, body, signature, now)),
  };
}

/** The body of a Stripe-shaped payment event (the development checkout posts it; tests use it too). */
export function developmentPaymentEvent(event: {
  kind: 'paid' | 'refunded' | 'disputed';
  /** the checkout's id (for 'paid') */
  checkoutReference?: string;
  paymentReference: string;
  at: Date;
}): string {
  const created = Math.floor(event.at.getTime() / 1000);
  const id = `evt_dev_${randomBytes(12).toString('hex')}`;
  const [type, object] =
    event.kind === 'paid'
      ? [
          'checkout.session.completed',
          {
            id: event.checkoutReference,
            object: 'checkout.session',
            payment_status: 'paid',
            payment_intent: event.paymentReference,
          },
        ]
      : event.kind === 'refunded'
        ? [
            'charge.refunded',
            {
              id: `ch_dev_${randomBytes(12).toString('hex')}`,
              object: 'charge',
              refunded: true,
              payment_intent: event.paymentReference,
            },
          ]
        : [
            'charge.dispute.created',
            {
              id: `dp_dev_${randomBytes(12).toString('hex')}`,
              object: 'dispute',
              payment_intent: event.paymentReference,
            },
          ];
  return JSON.stringify({ id, type, created, data: { object } });
}
