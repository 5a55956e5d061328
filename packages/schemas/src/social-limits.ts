// Self-matching's limits and timings (friend requests, messages, video calls), in a module without zod: a page that
// states a limit or keeps a timer (the public safety guide, the messages list's ring and typing timers) does not build
// the social and call schemas to do it.

/**
 * Friend requests a member may send in any 24 hours: the limit the product enforces and the one its safety guide
 * and house rules state. A sliding window over the member's own requests: see docs/decisions/080.
 */
export const FRIEND_REQUESTS_PER_24H = 10;
export const FRIEND_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;

// ---- messages ----
/** A message in a thread: 1 to 2,000 characters. */
export const MESSAGE_MAX = 2000;
/** A client tells the other member it is typing at most this often while they type. */
export const TYPING_SEND_INTERVAL_MS = 3000;
/** How long "… is typing" stays after the last notice (a little longer than the interval, so it does not blink). */
export const TYPING_SHOWN_MS = 5000;

// ---- video calls (docs/decisions/180-video-calls.md) ----
/** How long a call rings before it counts as missed. */
export const CALL_RING_TIMEOUT_MS = 30_000;
/**
 * A ringing call is over this long after its time-out even when no page said so (the caller's tab closed): the
 * server then reads it as missed, and the callee's "is calling you" goes.
 */
export const CALL_RING_GRACE_MS = 5_000;
/** How often a party's call page tells the server it is still there (calls.heartbeat) while the call is under way. */
export const CALL_HEARTBEAT_MS = 15_000;
/**
 * A call under way that neither party's page has spoken for (heartbeat, signal, answer) this long is over: both
 * pages closed without hanging up. Four heartbeats, so a busy tab or a slow network never ends a live call.
 */
export const CALL_SILENT_AFTER_MS = 60_000;
/** Calls a member without a premium match may start to friends in 24 hours (answering one never counts). */
export const FREE_FRIEND_CALLS_PER_24H = 3;
/**
 * A caller whose last this many rings to one member in a row went unanswered (declined or missed) does not ring them
 * again until CALL_QUIET_AFTER_UNANSWERED_MS after the last of them, unless that member calls back first.
 */
export const CALL_UNANSWERED_IN_A_ROW = 3;
export const CALL_QUIET_AFTER_UNANSWERED_MS = 24 * 60 * 60 * 1000;
/**
 * A call's expected length: the TURN credentials minted for a call under way last this long (a ringing call's also
 * cover the rest of its ring); none are minted for a call that is over. The call page reads fresh ones when it
 * reconnects (the TURN REST API's expiry).
 */
export const TURN_CREDENTIAL_TTL_SECONDS = 3600;
/** The after-call question (docs/decisions/180-video-calls.md). */
export const CALL_BOTHER_QUESTION = 'Did anything about this call bother you?';

export const CALL_STATUSES = ['ringing', 'active', 'ended', 'declined', 'missed'] as const;
export const CALL_SIGNAL_KINDS = ['ring', 'accept', 'decline', 'offer', 'answer', 'ice', 'hangup'] as const;
export type TCallSignalKind = (typeof CALL_SIGNAL_KINDS)[number];
