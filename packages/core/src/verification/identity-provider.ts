import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { readSignedEvent, type ProviderEvent } from '../webhook-signature';

// Who checks a member's identity document and face (docs/decisions/171-identity-verification-provider.md): Stripe
// Identity when STRIPE_SECRET_KEY is set, else the development provider, which runs inside our server
// (apps/server/src/routes/trust.ts), lets the tester approve or decline, and signs its webhook exactly as Stripe does.

export type VerificationOutcome = 'pending' | 'verified' | 'declined' | 'expired';

/** One provider event, as the use case applies it. */
export interface VerificationEvent {
  id: string;
  /** the provider's time of the event */
  createdAt: Date;
  /** the provider's session id (identity_verifications.provider_reference) */
  reference: string;
  outcome: VerificationOutcome;
  /** the provider's reason for a decline */
  reason: string | null;
}

export interface IdentityProvider {
  /** stored in identity_verifications.provider */
  readonly name: string;
  /** Opens a verification session for the member; `url` is where they go to verify. */
  start(member: { userId: string; returnUrl: string }): Promise<{ reference: string; url: string }>;
  /**
   * Reads a webhook: throws WebhookSignatureError (../webhook-signature.ts) when it is not signed by the provider or
   * outside the replay window; null for an event type that says nothing about an outcome.
   */
  readEvent(body: string, signature: string | undefined, now: Date): VerificationEvent | null;
}

const SESSION_EVENTS: Record<string, VerificationOutcome> = {
  'identity.verification_session.created': 'pending',
  'identity.verification_session.processing': 'pending',
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'declined',
  'identity.verification_session.canceled': 'expired',
};

/** Stripe Identity's event (and the development provider's, the same shape) as a VerificationEvent. */
export function toVerificationEvent(event: ProviderEvent): VerificationEvent | null {
  const outcome = SESSION_EVENTS[event.type];
  const reference = event.object.id;
  if (!outcome || typeof reference !== 'string') return null;
  const lastError = event.object.last_error as { reason?: unknown; code?: unknown } | null | undefined;
  const reason =
    outcome === 'declined'
      ? String(lastError?.reason ?? lastError?.code ?? 'The provider could not verify the document.').slice(
          0,
          200,
        )
      : null;
  return { id: event.id, createdAt: event.created, reference, outcome, reason };
}

export function createStripeIdentityProvider(options: {
  secretKey: string;
  webhookSecret: string;
}): IdentityProvider {
  const stripe = new Stripe(options.secretKey);
  return {
    name: 'stripe',
    async start({ userId, returnUrl }) {
      const session = await stripe.identity.verificationSessions.create({
        type: 'document',
        options: { document: { require_matching_selfie: true, require_live_capture: true } },
        client_reference_id: userId,
        return_url: returnUrl,
      });
      if (!session.url) throw new Error('Stripe Identity answered a session without a URL');
      return { reference: session.id, url: session.url };
    },
    readEvent: (body, signature, now) =>
      toVerificationEvent(readSignedEvent(options.webhookSecret, body, signature, now)),
  };
}

/** Where the development provider's page lives, under our own origin. */
export const DEV_IDENTITY_PATH = '/dev/identity';

export function createDevelopmentIdentityProvider(options: { webhookSecret: string }): IdentityProvider {
  return {
    name: 'development',
    // on the origin the member will come back to (the return URL's), which is the one they are on
    async start({ returnUrl }) {
      const reference = `vs_dev_${randomBytes(12).toString('hex')}`;
      return { reference, url: `${new URL(returnUrl).origin}${DEV_IDENTITY_PATH}/${reference}` };
    },
    readEvent: (body, signature, now) =>
      toVerificationEvent(readSignedEvent(options.webhookSecret, body, signature, now)),
  };
}

/** The development provider's event for the tester's choice on its page: the body the server signs and posts. */
export function developmentIdentityEvent(choice: {
  reference: string;
  outcome: VerificationOutcome;
  reason?: string;
  at: Date;
}): string {
  const type = Object.entries(SESSION_EVENTS).find(([, outcome]) => outcome === choice.outcome)?.[0];
  return JSON.stringify({
    id: `evt_dev_${randomBytes(12).toString('hex')}`,
    type,
    created: Math.floor(choice.at.getTime() / 1000),
    data: {
      object: {
        id: choice.reference,
        object: 'identity.verification_session',
        status: choice.outcome,
        last_error: choice.outcome === 'declined' ? { code: 'dev_declined', reason: choice.reason } : null,
      },
    },
  });
}
