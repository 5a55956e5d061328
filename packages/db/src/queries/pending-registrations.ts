import { sql } from 'kysely';
import type { Database } from '../create-db';
import type { NewMember } from './users';

// Sign-ups waiting for their mailed code (migration 20261122T2300_outbox; docs/decisions/131-work-after-the-answer.md).

/** The member-to-be (as users.insertMember takes it, less what the confirmation adds) and the code's hash. */
export interface PendingRegistrationRow extends Omit<NewMember, 'contact_reference' | 'email_verified_at'> {
  code_hash: string;
  expires_at: Date;
}

/** One pending sign-up per address: a new one replaces the old (its code dies with it). Returns its id. */
export async function upsertPendingRegistration(db: Database, row: PendingRegistrationRow) {
  const inserted = await db
    .insertInto('pending_registrations')
    .values(row)
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        ...row,
        id: sql`gen_random_uuid()`,
        attempts: 0,
        created_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findPendingRegistration(db: Database, email: string) {
  return db.selectFrom('pending_registrations').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Counts one code attempt, atomically; null when `max` were already spent (the code is dead). */
export async function claimPendingAttempt(db: Database, id: string, max: number) {
  return db
    .updateTable('pending_registrations')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
}

/** Removes a pending sign-up; true for the caller that removed it (one confirmation wins). */
export async function deletePendingRegistration(db: Database, id: string) {
  const result = await db.deleteFrom('pending_registrations').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteExpiredPendingRegistrations(db: Database, now: Date) {
  await db.deleteFrom('pending_registrations').where('expires_at', '<', now).execute();
}
