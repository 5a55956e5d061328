// Rate limits that hold across server instances (docs/security.md targets 2, 5 and 11): a sliding window of hits per key,
// kept in PostgreSQL (the default) or Redis (REDIS_URL). Keys name the rule and a subject (an IP, or the SHA-256 of
// an email: no address in clear). The one limiter of the service: accounts and the public pages alike (040).
import { rateLimitQueries, type Database } from '@rhema/db';
import type { Redis } from 'ioredis';
import { randomToken, sha256Hex } from './crypto';

export interface RateLimitStore {
  /** hits of `key` within the last `windowMs`, and the time of the oldest of them */
  count(key: string, windowMs: number, now: Date): Promise<{ count: number; oldest: Date | null }>;
  /**
   * Atomically: counts the hits of `key` within the last `windowMs` and, when fewer than `limit`, records one more
   * (`hit` names it, for `release`). Refused requests are not recorded. `count` and `oldest` describe the window
   * after the call.
   */
  take(
    key: string,
    limit: number,
    windowMs: number,
    now: Date,
  ): Promise<{ allowed: boolean; count: number; oldest: Date | null; hit: string | null }>;
  /** Removes one hit recorded by `take`: the slot is free again. */
  release(key: string, hit: string): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The numbers of docs/security.md; the ones marked (ours) have no published anchor. */
export const RATE_LIMITS = {
  loginFailuresPerIp: { name: 'login-ip', limit: 10, windowMs: 10 * MINUTE },
  loginFailuresPerAccount: { name: 'login-account', limit: 100, windowMs: HOUR },
  resetRequestSpacing: { name: 'reset-spacing', limit: 1, windowMs: MINUTE },
  resetRequestsPerAccount: { name: 'reset-account', limit: 5, windowMs: HOUR },
  /** (ours) one address asking for many accounts' codes */
  resetRequestsPerIp: { name: 'reset-ip', limit: 30, windowMs: HOUR },
  /** (ours) wrong codes from one address across requests */
  resetAttemptsPerIp: { name: 'reset-attempt-ip', limit: 30, windowMs: 10 * MINUTE },
  /** (ours) sign-ups from one address, every attempt counted */
  registrationsPerIp: { name: 'register-ip', limit: 20, windowMs: HOUR },
  /** sign-up mails to one address (a code or a notice), spaced as reset mails are, whatever the IP */
  registrationMailSpacing: { name: 'register-mail-spacing', limit: 1, windowMs: MINUTE },
  registrationMailsPerAddress: { name: 'register-mail-address', limit: 5, windowMs: HOUR },
  /** (ours) wrong sign-up codes from one address across sign-ups */
  registrationCodesPerIp: { name: 'register-code-ip', limit: 30, windowMs: 10 * MINUTE },
  /** (ours) private-match lookups from one address (item 11); every lookup counts, found or not */
  matchLookupsPerIp: { name: 'match-lookup-ip', limit: 60, windowMs: MINUTE },
  /** (ours) photo uploads by one member: six photos and a few changes of mind, not a decoding workload */
  photoUploadsPerMember: { name: 'photo-upload-member', limit: 20, windowMs: HOUR },
  /** (ours) training early signups from one address: a household or an office, not a script */
  trainingSignupsPerIp: { name: 'training-signup-ip', limit: 10, windowMs: 10 * MINUTE },

  // Writes between members and other repeatable writes (docs/security.md, F25-F29, all ours): each well past what a
  // person does by hand, each far below a script. Per member (the subject is their id) unless it says per pair (the
  // subject is pairSubject(sender, recipient)).
  /** messages: a burst, an hour, and one sender to one recipient in an hour */
  messagesPerMinute: { name: 'message-minute', limit: 20, windowMs: MINUTE },
  messagesPerHour: { name: 'message-hour', limit: 200, windowMs: HOUR },
  messagesPerPairHour: { name: 'message-pair-hour', limit: 120, windowMs: HOUR },
  /** "is typing": the composer sends one every 3 s while the box has text (20 a minute to one member) */
  typingPerMinute: { name: 'typing-minute', limit: 40, windowMs: MINUTE },
  typingPerHour: { name: 'typing-hour', limit: 600, windowMs: HOUR },
  typingPerPairMinute: { name: 'typing-pair-minute', limit: 25, windowMs: MINUTE },
  /** video-call rings, whatever the route to the call (friends or an accepted introduction) */
  callRingsPerHour: { name: 'call-ring-hour', limit: 20, windowMs: HOUR },
  callRingsPerPairHour: { name: 'call-ring-pair-hour', limit: 6, windowMs: HOUR },
  /** identity-verification starts: each opens a session with the provider */
  verificationStartsPerHour: { name: 'verification-start-hour', limit: 3, windowMs: HOUR },
  verificationStartsPerDay: { name: 'verification-start-day', limit: 5, windowMs: DAY },
  /** RSVPs and their cancellations: a cancelled place mails the next guest on the waitlist */
  rsvpChangesPerHour: { name: 'rsvp-hour', limit: 20, windowMs: HOUR },
  rsvpChangesPerEventDay: { name: 'rsvp-event-day', limit: 6, windowMs: DAY },
  /** showing or hiding oneself on an event's guest list */
  guestListChangesPerHour: { name: 'guest-list-hour', limit: 20, windowMs: HOUR },
  /** joining and leaving communities */
  communityChangesPerHour: { name: 'community-hour', limit: 30, windowMs: HOUR },
  /** blocks and unblocks: each is an audit row and ends the two members' requests and calls */
  blockChangesPerHour: { name: 'block-hour', limit: 20, windowMs: HOUR },
  /** giving and withdrawing the special-category consent: each is a consent record */
  consentChangesPerHour: { name: 'consent-hour', limit: 20, windowMs: HOUR },
  /** "download my data": each reads every table that holds the member */
  dataExportsPerHour: { name: 'data-export-hour', limit: 10, windowMs: HOUR },
  /** "we met" choices: each may put requests in the consultants' queue */
  meetAgainChoicesPerHour: { name: 'meet-again-hour', limit: 30, windowMs: HOUR },
  /** push devices registered: each is a row the server sends pushes to */
  deviceRegistrationsPerHour: { name: 'device-hour', limit: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** The rules whose subject is a member's id (erasure clears them: memberRateLimitKeys). */
const MEMBER_RULES: readonly RateLimitRule[] = [
  RATE_LIMITS.photoUploadsPerMember,
  RATE_LIMITS.messagesPerMinute,
  RATE_LIMITS.messagesPerHour,
  RATE_LIMITS.typingPerMinute,
  RATE_LIMITS.typingPerHour,
  RATE_LIMITS.callRingsPerHour,
  RATE_LIMITS.verificationStartsPerHour,
  RATE_LIMITS.verificationStartsPerDay,
  RATE_LIMITS.rsvpChangesPerHour,
  RATE_LIMITS.guestListChangesPerHour,
  RATE_LIMITS.communityChangesPerHour,
  RATE_LIMITS.blockChangesPerHour,
  RATE_LIMITS.consentChangesPerHour,
  RATE_LIMITS.dataExportsPerHour,
  RATE_LIMITS.meetAgainChoicesPerHour,
  RATE_LIMITS.deviceRegistrationsPerHour,
];

/**
 * The subject of a limit on one member acting on another (or on an event): a hash of the two ids in order, so the
 * table holds no member's id in clear and an erasure leaves nothing to find (the window ends within a day).
 */
export function pairSubject(actorId: string, otherId: string): string {
  return sha256Hex(`${actorId}>${otherId}`);
}

/** A subject for an email address: its hash, so the table never holds the address. */
export function emailSubject(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

export function rateLimitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

/** Every key that may hold an email's hash (erasure removes them). */
export function emailRateLimitKeys(email: string): string[] {
  const subject = emailSubject(email);
  return [
    RATE_LIMITS.loginFailuresPerAccount,
    RATE_LIMITS.resetRequestSpacing,
    RATE_LIMITS.resetRequestsPerAccount,
    RATE_LIMITS.registrationMailSpacing,
    RATE_LIMITS.registrationMailsPerAddress,
  ].map((rule) => rateLimitKey(rule, subject));
}

/** Every key that holds a member's id (erasure removes them). */
export function memberRateLimitKeys(userId: string): string[] {
  return MEMBER_RULES.map((rule) => rateLimitKey(rule, userId));
}

export interface LimitState {
  allowed: boolean;
  /** when not allowed: whole seconds until one more is allowed */
  retryAfterSeconds: number;
  /** when allowed: the hit recorded for this request (releaseRateLimitHit gives it back) */
  hit: string | null;
}

function refused(rule: RateLimitRule, oldest: Date | null, now: Date): LimitState {
  const freeAt = (oldest?.getTime() ?? now.getTime()) + rule.windowMs;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
    hit: null,
  };
}

/**
 * Counts this request if it fits in the window, in one atomic step: checking and recording apart would let
 * concurrent requests slip past the limit together (docs/security.md, F3). Limits on failures (wrong
 * passwords, wrong codes) take the slot first too and give it back when the attempt succeeds
 * (releaseRateLimitHit).
 */
export async function consumeRateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<LimitState> {
  const { allowed, oldest, hit } = await store.take(
    rateLimitKey(rule, subject),
    rule.limit,
    rule.windowMs,
    now,
  );
  return allowed ? { allowed: true, retryAfterSeconds: 0, hit } : refused(rule, oldest, now);
}

export async function releaseRateLimitHit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string,
  hit: string,
): Promise<void> {
  await store.release(rateLimitKey(rule, subject), hit);
}

const DAY_MS = DAY;

export function createPostgresRateLimitStore(db: Database): RateLimitStore {
  let hitsSinceCleanup = 0;
  // every window is at most a day long: drop older rows now and then
  async function sweep(now: Date) {
    if (++hitsSinceCleanup >= 500) {
      hitsSinceCleanup = 0;
      await rateLimitQueries.deleteHitsBefore(db, new Date(now.getTime() - DAY_MS));
    }
  }
  return {
    count: (key, windowMs, now) => rateLimitQueries.countHits(db, key, new Date(now.getTime() - windowMs)),
    async take(key, limit, windowMs, now) {
      const result = await rateLimitQueries.takeHit(db, key, {
        limit,
        since: new Date(now.getTime() - windowMs),
        at: now,
      });
      if (result.allowed) await sweep(now);
      return result;
    },
    release: (key, hit) => rateLimitQueries.releaseHit(db, key, hit),
    clear: (keys) => rateLimitQueries.deleteHits(db, keys),
  };
}

// One round trip, atomic on the server: trim the window, count, add a hit only when it fits.
const TAKE_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', key, 0, now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < tonumber(ARGV[3]) then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  count = count + 1
  allowed = 1
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return { allowed, count, oldest[2] or '' }
`;

/** Redis: one sorted set per key, scored by time, trimmed to the window and expiring with it. */
export function createRedisRateLimitStore(redis: Redis, prefix = 'rl:'): RateLimitStore {
  return {
    async count(key, windowMs, now) {
      const k = prefix + key;
      const results = await redis
        .multi()
        .zremrangebyscore(k, 0, now.getTime() - windowMs)
        .zcard(k)
        .zrange(k, 0, '0', 'WITHSCORES')
        .exec();
      const count = Number(results?.[1]?.[1] ?? 0);
      const oldestRow = results?.[2]?.[1] as string[] | undefined;
      const oldest = oldestRow && oldestRow[1] ? new Date(Number(oldestRow[1])) : null;
      return { count, oldest };
    },
    async take(key, limit, windowMs, now) {
      const member = `${now.getTime()}-${randomToken(5)}`;
      const [allowed, count, oldest] = (await redis.eval(
        TAKE_SCRIPT,
        1,
        prefix + key,
        now.getTime(),
        windowMs,
        limit,
        member,
      )) as [number, number, string];
      return {
        allowed: allowed === 1,
        count,
        oldest: oldest ? new Date(Number(oldest)) : null,
        hit: allowed === 1 ? member : null,
      };
    },
    async release(key, hit) {
      await redis.zrem(prefix + key, hit);
    },
    async clear(keys) {
      if (keys.length) await redis.del(...keys.map((key) => prefix + key));
    },
  };
}
