// Rate limits that hold across server instances (SECURITY.md items 2 and 5): a sliding window of hits per key,
// kept in PostgreSQL (the default) or Redis (REDIS_URL). Keys name the rule and a subject (an IP, or the SHA-256 of
// an email: no address in clear).
import { rateLimitQueries, type Database } from '@rhema/db';
import type { Redis } from 'ioredis';
import { randomToken, sha256Hex } from './crypto';

export interface RateLimitStore {
  /** hits of `key` within the last `windowMs`, and the time of the oldest of them */
  count(key: string, windowMs: number, now: Date): Promise<{ count: number; oldest: Date | null }>;
  hit(key: string, windowMs: number, now: Date): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The numbers of SECURITY.md; the ones marked (ours) have no published anchor. */
export const RATE_LIMITS = {
  loginFailuresPerIp: { name: 'login-ip', limit: 10, windowMs: 10 * MINUTE },
  loginFailuresPerAccount: { name: 'login-account', limit: 100, windowMs: HOUR },
  resetRequestSpacing: { name: 'reset-spacing', limit: 1, windowMs: MINUTE },
  resetRequestsPerAccount: { name: 'reset-account', limit: 5, windowMs: HOUR },
  /** (ours) one address asking for many accounts' codes */
  resetRequestsPerIp: { name: 'reset-ip', limit: 30, windowMs: HOUR },
  /** (ours) wrong codes from one address across requests */
  resetAttemptsPerIp: { name: 'reset-attempt-ip', limit: 30, windowMs: 10 * MINUTE },
  /** (ours) sign-ups from one address */
  registrationsPerIp: { name: 'register-ip', limit: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

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
  ].map((rule) => rateLimitKey(rule, subject));
}

export interface LimitState {
  allowed: boolean;
  /** when not allowed: whole seconds until one more is allowed */
  retryAfterSeconds: number;
}

export async function checkRateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<LimitState> {
  const { count, oldest } = await store.count(rateLimitKey(rule, subject), rule.windowMs, now);
  if (count < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  const freeAt = (oldest?.getTime() ?? now.getTime()) + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

export async function recordRateLimitHit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<void> {
  await store.hit(rateLimitKey(rule, subject), rule.windowMs, now);
}

const DAY_MS = 24 * HOUR;

export function createPostgresRateLimitStore(db: Database): RateLimitStore {
  let hitsSinceCleanup = 0;
  return {
    count: (key, windowMs, now) => rateLimitQueries.countHits(db, key, new Date(now.getTime() - windowMs)),
    async hit(key, _windowMs, now) {
      await rateLimitQueries.insertHit(db, key, now);
      // every window is at most a day long: drop older rows now and then
      if (++hitsSinceCleanup >= 500) {
        hitsSinceCleanup = 0;
        await rateLimitQueries.deleteHitsBefore(db, new Date(now.getTime() - DAY_MS));
      }
    },
    clear: (keys) => rateLimitQueries.deleteHits(db, keys),
  };
}

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
    async hit(key, windowMs, now) {
      const k = prefix + key;
      await redis
        .multi()
        .zadd(k, now.getTime(), `${now.getTime()}-${randomToken(5)}`)
        .pexpire(k, windowMs)
        .exec();
    },
    async clear(keys) {
      if (keys.length) await redis.del(...keys.map((key) => prefix + key));
    },
  };
}
