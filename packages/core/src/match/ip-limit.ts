import { ipLimitQueries, type Database } from '@rhema/db';
import { AppError } from '../errors/app-error';

export interface IpLimit {
  /** names the counter; each bucket counts separately */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** The private-match lookup: 60 per minute per IP (SECURITY.md item 11). */
export const MATCH_LOOKUP_LIMIT: IpLimit = { bucket: 'match-lookup', limit: 60, windowSeconds: 60 };

const PRUNE_AFTER_SECONDS = 3_600;

/**
 * Counts a request from `ip` and throws TOO_MANY_REQUESTS (429, with Retry-After) past the limit. The counter
 * lives in PostgreSQL so every instance behind the load balancer shares it.
 */
export async function enforceIpLimit({ db, ip, limit }: { db: Database; ip: string; limit: IpLimit }) {
  const { hits, resetInSeconds } = await ipLimitQueries.hitRateLimit(db, {
    bucket: limit.bucket,
    clientKey: ip,
    windowSeconds: limit.windowSeconds,
  });
  // now and then, sweep windows that ended an hour ago (cheaper than a scheduled job for a table this small)
  if (Math.random() < 0.01) await ipLimitQueries.pruneRateLimits(db, PRUNE_AFTER_SECONDS);
  if (hits > limit.limit) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many requests; please wait a minute and try again.', {
      retryAfterSeconds: resetInSeconds,
    });
  }
}
