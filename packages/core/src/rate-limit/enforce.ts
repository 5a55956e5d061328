import { consumeRateLimit, releaseRateLimitHit, type RateLimitRule, type RateLimitStore } from '@rhema/auth';
import { AppError } from '../errors/app-error';
import { rateLimitRefusals } from '../metrics';

/** The accounts' answer past a limit (sign-in, reset, password checks). */
export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a little and try again.';

/** The public pages' answer past their per-IP limits (the lookup page shows its own wording for a 429). */
export { TOO_MANY_REQUESTS_MESSAGE } from '@rhema/schemas';

/** One limit a request counts against: a rule of RATE_LIMITS and its subject (an IP, an email's hash). */
export interface RateLimitSlot {
  rule: RateLimitRule;
  subject: string;
  /** the 429's wording when this limit is full (TOO_MANY_MESSAGE by default) */
  message?: string;
}

export interface TakenSlots {
  /**
   * Gives the slots back: for limits on failures (wrong passwords, wrong codes), called when the attempt
   * succeeded, so only failures stay counted.
   */
  release(): Promise<void>;
}

/**
 * Takes one slot of each limit, in order, each in one atomic step (docs/security.md, F3: checking
 * first and recording afterwards let 100 parallel wrong passwords give 15 answers of 401 against a limit of
 * 10). When a limit is full, the slots already taken are given back and TOO_MANY_REQUESTS (429 with
 * Retry-After) is thrown. An attempt in flight holds its slot, so parallel requests never pass a limit
 * together.
 */
export async function takeRateLimits({
  store,
  now,
  slots,
}: {
  store: RateLimitStore;
  now: Date;
  slots: RateLimitSlot[];
}): Promise<TakenSlots> {
  const taken: { slot: RateLimitSlot; hit: string }[] = [];
  const release = async () => {
    await Promise.all(
      taken.splice(0).map(({ slot, hit }) => releaseRateLimitHit(store, slot.rule, slot.subject, hit)),
    );
  };
  for (const slot of slots) {
    const state = await consumeRateLimit(store, slot.rule, slot.subject, now);
    if (!state.allowed) {
      // every limit passes here, so every refusal is counted by its limit's name (the metrics of /metrics)
      rateLimitRefusals.inc({ limit: slot.rule.name });
      await release();
      throw new AppError('TOO_MANY_REQUESTS', slot.message ?? TOO_MANY_MESSAGE, {
        retryAfterSeconds: state.retryAfterSeconds,
      });
    }
    if (state.hit) taken.push({ slot, hit: state.hit });
  }
  return { release };
}
