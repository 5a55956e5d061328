import { sql } from 'kysely';
import type { Database } from '../create-db';

export async function insertPasswordReset(
  db: Database,
  row: { user_id: string; token_hash: string; code_hash: string; created_at: Date; expires_at: Date },
) {
  await db.insertInto('password_reset_requests').values(row).execute();
}

/** A new request invalidates every older, still-open one of the same user (docs/security.md target 5). */
export async function invalidateOpenResets(db: Database, userId: string, now: Date) {
  await db
    .updateTable('password_reset_requests')
    .set({ invalidated_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .execute();
}

export async function findResetByTokenHash(db: Database, tokenHash: string) {
  return db
    .selectFrom('password_reset_requests')
    .innerJoin('users', 'users.id', 'password_reset_requests.user_id')
    .select([
      'password_reset_requests.id',
      'password_reset_requests.user_id',
      'password_reset_requests.code_hash',
      'password_reset_requests.attempts',
      'password_reset_requests.expires_at',
      'password_reset_requests.used_at',
      'password_reset_requests.invalidated_at',
      'users.email',
      'users.status',
      'users.first_name',
    ])
    .where('password_reset_requests.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Takes one attempt, atomically: only a live request with fewer than `maxAttempts` attempts gets a row back, so any
 * number of concurrent guesses evaluate at most `maxAttempts` codes.
 */
export async function claimResetAttempt(db: Database, id: string, maxAttempts: number, now: Date) {
  return db
    .updateTable('password_reset_requests')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['attempts'])
    .executeTakeFirst();
}

export async function invalidateReset(db: Database, id: string, now: Date) {
  await db
    .updateTable('password_reset_requests')
    .set({ invalidated_at: now })
    .where('id', '=', id)
    .where('invalidated_at', 'is', null)
    .execute();
}

/** Marks the request used; false when another request used it first (single use). */
export async function markResetUsed(db: Database, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('password_reset_requests')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .returning(['id'])
    .executeTakeFirst();
  return row !== undefined;
}
