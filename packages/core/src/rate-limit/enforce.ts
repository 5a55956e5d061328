import { checkRateLimit, type RateLimitRule, type RateLimitStore } from '@rhema/auth';
import { AppError } from '../errors/app-error';

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a little and try again.';

/** Throws TOO_MANY_REQUESTS (HTTP 429 with Retry-After) when the rule's window is full for this subject. */
export async function enforceRateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string,
  now: Date,
  message = TOO_MANY_MESSAGE,
): Promise<void> {
  const state = await checkRateLimit(store, rule, subject, now);
  if (!state.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: state.retryAfterSeconds });
  }
}
