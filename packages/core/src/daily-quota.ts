import type { TFriendQuota } from '@rhema/schemas';
import { AppError } from './errors/app-error';

// A member's sliding 24-hour allowance of something they send (friend requests, requests to the consultants): how
// many are left and when the oldest sent in the window stops counting. One rule for both.

export type DailyQuota = TFriendQuota;

/** The quota of `limit` sends in `windowMs`, from the times of the sends still in the window (oldest first). */
export function quotaFrom(sent: readonly Date[], limit: number, windowMs: number): DailyQuota {
  const used = sent.length;
  const oldest = sent[0];
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resets_at: oldest ? new Date(oldest.getTime() + windowMs).toISOString() : null,
  };
}

/**
 * Throws TOO_MANY_REQUESTS (with Retry-After) when nothing is left; `what` names the sends in the message and
 * `verb` what the member does with them.
 */
export function requireRemaining(quota: DailyQuota, now: Date, what: string, verb = 'send') {
  if (quota.remaining > 0 || !quota.resets_at) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(quota.resets_at) - now.getTime()) / 1000));
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `You can ${verb} ${quota.limit} ${what} in 24 hours. You can ${verb} the next one after ${quota.resets_at.slice(11, 16)} UTC.`,
    { retryAfterSeconds },
  );
}
