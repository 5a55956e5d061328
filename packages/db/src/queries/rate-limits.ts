import { sql } from 'kysely';
import type { Database } from '../create-db';

/** Hits of one key since `since`, oldest first (the oldest tells when the window frees a slot). */
export async function countHits(db: Database, key: string, since: Date) {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('hit_at').as('oldest')])
    .where('key', '=', key)
    .where('hit_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** Records one hit; its id lets the request give the slot back (releaseHit). */
export async function insertHit(db: Database, key: string, at: Date): Promise<string> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, hit_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Gives back one slot taken by takeHit (a login that succeeded does not count as a failure). */
export async function releaseHit(db: Database, key: string, id: string) {
  await db.deleteFrom('rate_limit_hits').where('key', '=', key).where('id', '=', id).execute();
}

/**
 * Counts the hits of `key` since `since` and adds one at `at` when fewer than `limit`, as one step: a transaction
 * holding an advisory lock on the key, so concurrent requests (on any instance) are counted one after the other
 * and the limit is exact. Hits that left the window are dropped on the way, so a busy key keeps at most `limit`
 * rows.
 */
export async function takeHit(db: Database, key: string, options: { limit: number; since: Date; at: Date }) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    // after the lock, so this read sees every hit committed by the requests that held it before us
    const { count, oldest } = await countHits(trx, key, options.since);
    if (count >= options.limit) return { allowed: false, count, oldest, hit: null };
    await trx
      .deleteFrom('rate_limit_hits')
      .where('key', '=', key)
      .where('hit_at', '<=', options.since)
      .execute();
    const hit = await insertHit(trx, key, options.at);
    return { allowed: true, count: count + 1, oldest: oldest ?? options.at, hit };
  });
}

export async function deleteHits(db: Database, keys: string[]) {
  if (keys.length === 0) return;
  await db.deleteFrom('rate_limit_hits').where('key', 'in', keys).execute();
}

/** Housekeeping: windows are at most a day long. */
export async function deleteHitsBefore(db: Database, before: Date) {
  await db.deleteFrom('rate_limit_hits').where('hit_at', '<', before).execute();
}
