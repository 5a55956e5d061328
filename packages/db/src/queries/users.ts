import { sql } from 'kysely';
import type { Database } from '../create-db';
import { precompiled } from './precompiled';
import { memberHasIntroductions } from './introductions';

/** What login needs: never leaves the server (it holds the hash). */
export async function findUserForLogin(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'role', 'status', 'first_name', 'last_name'])
    .where('email', '=', email)
    .executeTakeFirst();
}

// built once (./precompiled.ts): auth/me and the session read run it on every call
const userById = precompiled(['id'], (db, p) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'password_hash',
      'role',
      'status',
      'first_name',
      'last_name',
      'gender',
      'date_of_birth',
      'country_code',
      'phone',
      'handle',
      'city',
      'contact_reference',
    ])
    .where('id', '=', p.id),
);

export async function findUserById(db: Database, id: string) {
  const [row] = await userById(db, { id });
  return row;
}

export async function emailExists(db: Database, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function contactReferenceExists(db: Database, reference: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('contact_reference', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewMember {
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  gender: string;
  date_of_birth: string;
  country_code: string;
  phone: string;
  contact_reference: string;
  /** when the address was proven (the sign-up code came back) */
  email_verified_at?: Date;
}

/** Inserts a member. Role and status are never taken from input: they are the column defaults. */
export async function insertMember(db: Database, member: NewMember) {
  return db
    .insertInto('users')
    .values({
      email: member.email,
      password_hash: member.password_hash,
      first_name: member.first_name,
      last_name: member.last_name,
      gender: member.gender,
      date_of_birth: member.date_of_birth,
      country_code: member.country_code,
      phone: member.phone,
      contact_reference: member.contact_reference,
      email_verified_at: member.email_verified_at ?? null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email', 'role', 'status', 'first_name', 'last_name'])
    .executeTakeFirst();
}

export async function updatePasswordHash(db: Database, userId: string, passwordHash: string, now: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * The product's "introductions flag seen on login": the member is a party to an introduction (the one rule of
 * ./introductions.ts: their own, or addressed to them once requested).
 */
export async function hasIntroductions(db: Database, userId: string): Promise<boolean> {
  return memberHasIntroductions(db, userId);
}

/** What only the member sees beside their profile (the profile itself is ./profiles.ts). */
export async function findOwnProfileSettings(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'handle', 'gender', 'city', 'height_cm', 'contact_reference', 'profile_visibility'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Serialises one member's sends that count a sliding window (friend requests, requests to the consultants): a row
 * lock on their user row, held to the end of the transaction, so parallel sends count the window in turn.
 */
export async function lockMember(db: Database, userId: string) {
  await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(db);
}

/** Sets the member's profile visibility (visible, hidden, paused): packages/schemas/src/profile.ts. */
export async function setProfileVisibility(
  db: Database,
  options: { userId: string; visibility: string; now: Date },
) {
  return db
    .updateTable('users')
    .set({ profile_visibility: options.visibility, updated_at: options.now })
    .where('id', '=', options.userId)
    .returning(['profile_visibility'])
    .executeTakeFirst();
}
