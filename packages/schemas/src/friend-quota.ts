import { z } from 'zod';

// The daily quota that friend requests (social.ts) and requests for an introduction (match-requests.ts) share: a
// module of its own, so the console's request queue does not build self-matching's schemas.

/** A member's requests in the last 24 hours against the day's limit. */
export const ZFriendQuota = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** when the oldest request of the window leaves it (null when none was sent in the last 24 hours) */
  resets_at: z.string().nullable(),
});
export type TFriendQuota = z.infer<typeof ZFriendQuota>;
