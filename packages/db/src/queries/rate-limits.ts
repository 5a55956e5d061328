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

export async function insertHit(db: Database, key: string, at: Date) {
  await db.insertInto('rate_limit_hits').values({ key, hit_at: at }).execute();
}

export async function deleteHits(db: Database, keys: string[]) {
  if (keys.length === 0) return;
  await db.deleteFrom('rate_limit_hits').where('key', 'in', keys).execute();
}

/** Housekeeping: windows are at most a day long. */
export async function deleteHitsBefore(db: Database, before: Date) {
  await db.deleteFrom('rate_limit_hits').where('hit_at', '<', before).execute();
}
