import { sql } from 'kysely';
import type { Database } from '../create-db';

export interface RateLimitHit {
  /** hits in the current window, this one included */
  hits: number;
  /** seconds until the current window ends */
  resetInSeconds: number;
}

/**
 * Counts one request of `clientKey` in `bucket`, atomically: the window starts at the first hit and a hit after it
 * has ended starts a new one. One row per client, so the table stays small; every instance shares it.
 */
export async function hitRateLimit(
  db: Database,
  options: { bucket: string; clientKey: string; windowSeconds: number },
): Promise<RateLimitHit> {
  const window = sql<string>`make_interval(secs => ${options.windowSeconds})`;
  const expired = sql<boolean>`ip_rate_limits.window_start <= now() - ${window}`;
  const row = await db
    .insertInto('ip_rate_limits')
    .values({
      bucket: options.bucket,
      client_key: options.clientKey,
      window_start: sql`now()`,
      hits: 1,
    })
    .onConflict((oc) =>
      oc.columns(['bucket', 'client_key']).doUpdateSet({
        window_start: sql`CASE WHEN ${expired} THEN now() ELSE ip_rate_limits.window_start END`,
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ip_rate_limits.hits + 1 END`,
      }),
    )
    .returning([
      'hits',
      sql<number>`ceil(extract(epoch FROM (window_start + ${window} - now())))::int`.as('reset_in'),
    ])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, resetInSeconds: Math.max(1, Number(row.reset_in)) };
}

/** Drops windows that ended long ago (run now and then; a stale row is harmless, only wasted space). */
export async function pruneRateLimits(db: Database, olderThanSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('ip_rate_limits')
    .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
