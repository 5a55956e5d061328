// A module of its own: the public safety guide states the limit too, and its page should not load the social
// schemas (and zod) to say a number.

/**
 * Friend requests a member may send in any 24 hours: the limit the product enforces and the one its safety guide
 * and house rules state. A sliding window over the member's own requests: see docs/decisions/080.
 */
export const FRIEND_REQUESTS_PER_24H = 10;
export const FRIEND_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;
