import { checkRateLimit, consumeRateLimit, type RateLimitRule, type RateLimitStore } from '@rhema/auth';
import { AppError } from '../errors/app-error';

/** One rule's window for one subject (an IP, an account) at `now`; `message` overrides the 429's wording. */
export interface RateLimitCheck {
  store: RateLimitStore;
  rule: RateLimitRule;
  subject: string;
  now: Date;
  message?: string;
}

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a little and try again.';

/** Throws TOO_MANY_REQUESTS (HTTP 429 with Retry-After) when the rule's window is full for this subject. */
export async function enforceRateLimit({
  store,
  rule,
  subject,
  now,
  message = TOO_MANY_MESSAGE,
}: RateLimitCheck): Promise<void> {
  const state = await checkRateLimit(store, rule, subject, now);
  if (!state.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: state.retryAfterSeconds });
  }
}

/** The public pages' answer past their per-IP limits (the lookup page shows its own wording for a 429). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests; please wait a minute and try again.';

/**
 * Counts this request against the rule and throws TOO_MANY_REQUESTS (429 with Retry-After) when the window is
 * already full; for limits on every request rather than on failures. Atomic, so concurrent requests cannot pass
 * the limit together.
 */
export async function takeRateLimit({
  store,
  rule,
  subject,
  now,
  message = TOO_MANY_REQUESTS_MESSAGE,
}: RateLimitCheck): Promise<void> {
  const state = await consumeRateLimit(store, rule, subject, now);
  if (!state.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: state.retryAfterSeconds });
  }
}
