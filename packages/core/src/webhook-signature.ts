import { createHmac, timingSafeEqual } from 'node:crypto';

// The one signature scheme of every provider webhook we accept (identity and payments, real and development):
// Stripe's documented `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The development
// providers sign the same way, so the code path a test drives is the one production runs
// (docs/decisions/171-identity-verification-provider.md).

/** how old a signed timestamp may be (and how far ahead of our clock): a captured request replayed later fails */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {}

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The header value for `body` signed at `at` (the development providers and tests). */
export function signWebhook(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * Throws WebhookSignatureError unless one v1 signature of the header matches the raw body (compared in constant
 * time) and its timestamp lies within the tolerance of `now`.
 */
export function verifyWebhookSignature(secret: string, body: string, header: string | undefined, now: Date) {
  if (!header) throw new WebhookSignatureError('no signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0)
    throw new WebhookSignatureError('malformed signature header');
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('signature does not match');
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('timestamp outside the tolerance (a replay?)');
}

/** A provider event as both providers send it: `{ id, type, created, data: { object } }`. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** the provider's time of the event: orders events that arrive out of order */
  created: Date;
  object: Record<string, unknown>;
}

/** Verifies, then reads the event; a body that is not such an event is refused like a bad signature. */
export function readSignedEvent(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date,
): ProviderEvent {
  verifyWebhookSignature(secret, body, header, now);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new WebhookSignatureError('the body is not JSON');
  }
  const event = parsed as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  if (
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    typeof event.data?.object !== 'object' ||
    event.data.object === null
  )
    throw new WebhookSignatureError('the body is not a provider event');
  return {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    object: event.data.object as Record<string, unknown>,
  };
}
