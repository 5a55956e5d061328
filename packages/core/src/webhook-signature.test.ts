import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature, WebhookSignatureError } from './webhook-signature';

describe('webhook signatures (Stripe scheme)', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'identity.verification_session.verified', created: 1 });

  it("reads Stripe's own test header, so a real endpoint secret works unchanged", () => {
    const header = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_stripe_test',
    });
    expect(() => verifyWebhookSignature('whsec_stripe_test', body, header, new Date())).not.toThrow();
    expect(() => verifyWebhookSignature('whsec_other', body, header, new Date())).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a timestamp outside five minutes either way, a malformed header and a changed body', () => {
    const at = new Date('2026-01-01T12:00:00Z');
    const header = signWebhook('whsec_a', body, at);
    expect(() =>
      verifyWebhookSignature('whsec_a', body, header, new Date(at.getTime() + 299_000)),
    ).not.toThrow();
    expect(() => verifyWebhookSignature('whsec_a', body, header, new Date(at.getTime() + 301_000))).toThrow(
      /tolerance/,
    );
    expect(() => verifyWebhookSignature('whsec_a', body, header, new Date(at.getTime() - 301_000))).toThrow(
      /tolerance/,
    );
    expect(() => verifyWebhookSignature('whsec_a', body, 'v1=abc', at)).toThrow(/malformed/);
    expect(() => verifyWebhookSignature('whsec_a', `${body} `, header, at)).toThrow(/does not match/);
  });
});
