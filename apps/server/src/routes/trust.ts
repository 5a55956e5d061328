import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  applyVerificationEvent,
  createDevelopmentCheckoutProvider,
  createDevelopmentIdentityProvider,
  createStripeCheckoutProvider,
  createStripeIdentityProvider,
  manualPaymentProvider,
  DEV_IDENTITY_PATH,
  developmentIdentityEvent,
  signWebhook,
  WebhookSignatureError,
  type IdentityProvider,
  type JobQueue,
  type PaymentProvider,
  type VerificationOutcome,
} from '@rhema/core';
import type { Database } from '@rhema/db';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { devPage, escapeHtml } from './dev-page';
import { paymentRoutes } from './payments';

// Providers' webhooks and the development provider's page (docs/decisions/171-identity-verification-provider.md).
// Outside /api and /trpc: a provider sends no cookie, so the CSRF check lets its POST through and the signature
// alone decides. A bad signature is a 400 and a log line, never a state change.

export const IDENTITY_WEBHOOK_PATH = '/webhooks/identity';

export interface TrustProviders {
  identity: IdentityProvider | null;
  /** who takes premium payments: Stripe Checkout, the development checkout, or (production without a key) manual */
  payments: PaymentProvider;
  /** set when the development provider runs: its signing secret (random per process) */
  developmentSecret: string | null;
}

/**
 * Stripe Identity and Stripe Checkout with a key; without one the development providers, except in production,
 * where no identity provider runs and premium is paid by bank transfer (staff confirm).
 */
export function chooseTrustProviders(
  env: Partial<
    Pick<
      Env,
      | 'NODE_ENV'
      | 'PUBLIC_ORIGIN'
      | 'STRIPE_SECRET_KEY'
      | 'STRIPE_IDENTITY_WEBHOOK_SECRET'
      | 'STRIPE_PAYMENTS_WEBHOOK_SECRET'
    >
  >,
): TrustProviders {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_IDENTITY_WEBHOOK_SECRET && env.STRIPE_PAYMENTS_WEBHOOK_SECRET)
    return {
      identity: createStripeIdentityProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_IDENTITY_WEBHOOK_SECRET,
      }),
      payments: createStripeCheckoutProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_PAYMENTS_WEBHOOK_SECRET,
      }),
      developmentSecret: null,
    };
  if (env.NODE_ENV === 'production')
    return { identity: null, payments: manualPaymentProvider, developmentSecret: null };
  const developmentSecret = `whsec_dev_${randomBytes(24).toString('hex')}`;
  return {
    identity: createDevelopmentIdentityProvider({ webhookSecret: developmentSecret }),
    payments: createDevelopmentCheckoutProvider({ webhookSecret: developmentSecret }),
    developmentSecret,
  };
}

const DEV_CHOICES: { outcome: VerificationOutcome; label: string; reason?: string }[] = [
  { outcome: 'verified', label: 'Approve: the document and the selfie match' },
  {
    outcome: 'declined',
    label: 'Decline: the document has expired',
    reason: 'The identity document has expired.',
  },
  {
    outcome: 'declined',
    label: 'Decline: the selfie does not match the document',
    reason: 'The selfie did not match the photo on the document.',
  },
  { outcome: 'expired', label: 'Let the session expire' },
];

export async function trustRoutes(
  app: FastifyInstance,
  options: { db: Database; providers: TrustProviders; clock: () => Date; jobs: JobQueue },
) {
  const { identity, developmentSecret } = options.providers;
  // the raw body: the signature is over the exact bytes the provider sent
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  await paymentRoutes(app, options);

  app.post(IDENTITY_WEBHOOK_PATH, async (request, reply) => {
    if (!identity) return reply.status(404).send({ received: false });
    const now = options.clock();
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = identity.readEvent(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
        now,
      );
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      request.log.warn({ provider: identity.name, reason: error.message }, 'identity webhook refused');
      return reply.status(400).send({ received: false, error: 'invalid signature' });
    }
    if (!event) return reply.send({ received: true, result: 'ignored' });
    const result = await applyVerificationEvent({ db: options.db, now, provider: identity.name, event });
    request.log.info({ provider: identity.name, event_id: event.id, result }, 'identity webhook');
    return reply.send({ received: true, result });
  });

  if (!developmentSecret) return;
  const secret = developmentSecret;
  // a choice link carries a MAC of (reference, choice): only this page's own links change a session
  const mac = (reference: string, choice: number) =>
    createHmac('sha256', secret).update(`${reference}:${choice}`).digest('hex');

  app.get<{ Params: { reference: string } }>(`${DEV_IDENTITY_PATH}/:reference`, async (request, reply) => {
    const reference = request.params.reference;
    if (!/^vs_dev_[0-9a-f]{24}$/.test(reference)) return reply.status(404).send('Unknown session');
    const links = DEV_CHOICES.map(
      (choice, index) =>
        `<li><a href="${DEV_IDENTITY_PATH}/${reference}/choose?choice=${index}&amp;mac=${mac(reference, index)}">${escapeHtml(choice.label)}</a></li>`,
    ).join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        devPage(
          'Development identity check',
          `<p>This page stands in for the identity provider while no provider key is configured. No document or photo is asked for. Choose the provider's outcome for session <code>${reference}</code>: it is sent to Rhema as a signed webhook, exactly like the real provider's.</p><ul>${links}</ul>`,
        ),
      );
  });

  app.get<{ Params: { reference: string }; Querystring: { choice?: string; mac?: string } }>(
    `${DEV_IDENTITY_PATH}/:reference/choose`,
    async (request, reply) => {
      const { reference } = request.params;
      const index = Number(request.query.choice);
      const choice = DEV_CHOICES[index];
      const given = Buffer.from(request.query.mac ?? '', 'hex');
      const expected = Buffer.from(mac(reference, index), 'hex');
      if (!choice || given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.status(400).send('Unknown choice');
      const at = options.clock();
      const body = developmentIdentityEvent({
        reference,
        outcome: choice.outcome,
        ...(choice.reason ? { reason: choice.reason } : {}),
        at,
      });
      // the provider's call to our webhook, with the same signature scheme
      const answer = await app.inject({
        method: 'POST',
        url: IDENTITY_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(secret, body, at) },
        payload: body,
      });
      if (answer.statusCode !== 200) return reply.status(502).send('The webhook refused the event');
      return reply.redirect('/account/verification');
    },
  );
}
