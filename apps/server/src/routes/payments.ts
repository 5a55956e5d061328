import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  applyPaymentEvent,
  DEV_CHECKOUT_PATH,
  DEV_CHECKOUT_REFERENCE,
  developmentPaymentEvent,
  premiumPrice,
  signWebhook,
  WebhookSignatureError,
  type JobQueue,
} from '@rhema/core';
import { subscriptionQueries, type Database } from '@rhema/db';
import type { FastifyInstance } from 'fastify';
import { devPage } from './dev-page';
import type { TrustProviders } from './trust';

// The payment provider's webhook and the development checkout's page (docs/decisions/173-premium-paid-online.md).
// Registered inside ./trust.ts's plugin, which hands routes the raw body: the signature is over the exact bytes.

export const PAYMENTS_WEBHOOK_PATH = '/webhooks/payments';

export async function paymentRoutes(
  app: FastifyInstance,
  options: { db: Database; providers: TrustProviders; clock: () => Date; jobs: JobQueue },
) {
  const { payments, developmentSecret } = options.providers;

  app.post(PAYMENTS_WEBHOOK_PATH, async (request, reply) => {
    if (!payments.readEvent) return reply.status(404).send({ received: false });
    const now = options.clock();
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = payments.readEvent(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
        now,
      );
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      request.log.warn({ provider: payments.name, reason: error.message }, 'payments webhook refused');
      return reply.status(400).send({ received: false, error: 'invalid signature' });
    }
    if (!event) return reply.send({ received: true, result: 'ignored' });
    const result = await applyPaymentEvent({
      db: options.db,
      jobs: options.jobs,
      now,
      provider: payments.name,
      event,
    });
    request.log.info(
      { provider: payments.name, event_id: event.id, kind: event.kind, result },
      'payments webhook',
    );
    return reply.send({ received: true, result });
  });

  if (!developmentSecret || payments.name !== 'development') return;
  const secret = developmentSecret;
  // a choice link carries a MAC of (reference, choice): only this page's own links pay or cancel
  const mac = (reference: string, choice: string) =>
    createHmac('sha256', secret).update(`checkout:${reference}:${choice}`).digest('hex');
  const premiumScreen = (row: { id: string; user_id: string; introduction_id: string | null }) =>
    `/account/user/${row.user_id}/match/${row.introduction_id ?? ''}/sub/${row.id}/premium`;
  const find = (reference: string) =>
    DEV_CHECKOUT_REFERENCE.test(reference)
      ? subscriptionQueries.findSubscriptionByCheckout(options.db, payments.name, reference)
      : Promise.resolve(undefined);

  app.get<{ Params: { reference: string } }>(`${DEV_CHECKOUT_PATH}/:reference`, async (request, reply) => {
    const { reference } = request.params;
    const row = await find(reference);
    if (!row) return reply.status(404).send('Unknown checkout');
    const price = premiumPrice({ amount_minor: row.amount_minor, currency: row.currency });
    const link = (choice: string, label: string) =>
      `<li><a href="${DEV_CHECKOUT_PATH}/${reference}/choose?choice=${choice}&amp;mac=${mac(reference, choice)}">${label}</a></li>`;
    const body =
      row.payment_state === 'awaiting'
        ? `<p>This page stands in for the card checkout while no payment key is configured. No card is asked for. Paying sends Rhema a signed webhook, exactly like the real provider's.</p>` +
          `<p>Rhema Premium, one match: <strong>${price.label}</strong></p>` +
          `<ul>${link('pay', `Pay ${price.label}`)}${link('cancel', 'Cancel and go back')}</ul>`
        : `<p>This checkout is already paid.</p><p><a href="${premiumScreen(row)}">Back to Rhema</a></p>`;
    return reply.type('text/html; charset=utf-8').send(devPage('Development checkout', body));
  });

  app.get<{ Params: { reference: string }; Querystring: { choice?: string; mac?: string } }>(
    `${DEV_CHECKOUT_PATH}/:reference/choose`,
    async (request, reply) => {
      const { reference } = request.params;
      const choice = request.query.choice === 'pay' ? 'pay' : 'cancel';
      const given = Buffer.from(request.query.mac ?? '', 'hex');
      const expected = Buffer.from(mac(reference, choice), 'hex');
      const row = await find(reference);
      if (!row || given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.status(400).send('Unknown choice');
      if (choice === 'pay') {
        const at = options.clock();
        const body = developmentPaymentEvent({
          kind: 'paid',
          checkoutReference: reference,
          paymentReference: `pi_dev_${randomBytes(12).toString('hex')}`,
          at,
        });
        // the provider's call to our webhook, with the same signature scheme
        const answer = await app.inject({
          method: 'POST',
          url: PAYMENTS_WEBHOOK_PATH,
          headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(secret, body, at) },
          payload: body,
        });
        if (answer.statusCode !== 200) return reply.status(502).send('The webhook refused the event');
      }
      return reply.redirect(premiumScreen(row));
    },
  );
}
