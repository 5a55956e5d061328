import { sql } from 'kysely';
import type { Database } from '../create-db';
import { memberHasIntroductions } from './introductions';

/** What login needs: never leaves the server (it holds the hash). */
export async function findUserForLogin(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'role', 'status', 'first_name', 'last_name'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findUserById(db: Database, id: string) {
  return db
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
    .where('id', '=', id)
    .executeTakeFirst();
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
 * The spec's "introductions flag seen on login": the member is a party to an introduction (the one rule of
 * ./introductions.ts: their own, or addressed to them once requested).
 */
export async function hasIntroductions(db: Database, userId: string): Promise<boolean> {
  return memberHasIntroductions(db, userId);
}

/** What only the member sees beside their profile (the profile itself is ./profiles.ts). */
export async function findOwnProfileSettings(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'handle', 'gender', 'city', 'height_cm', 'contact_reference', 'is_profile_public'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Everything held about one member, for "download my data" (docs/security.md target 14). Secrets are left out. */
export async function exportUserData(db: Database, userId: string) {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'role',
      'status',
      'first_name',
      'last_name',
      'handle',
      'gender',
      'date_of_birth',
      'country_code',
      'phone',
      'contact_reference',
      'height_cm',
      'state_of_origin',
      'city',
      'is_profile_public',
      'email_verified_at',
      'identity_verified_at',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const [photos, citizenships, coreValues, consents] = await Promise.all([
    db.selectFrom('photos').select(['url', 'position', 'created_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('user_citizenships').select(['country_code']).where('user_id', '=', userId).execute(),
    db.selectFrom('user_core_values').select(['value', 'position']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('user_consents')
      .select(['purpose', 'text_version', 'granted_at', 'withdrawn_at'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  const [
    answers,
    communities,
    introductions,
    introductionsAsContact,
    introductionRequests,
    subscriptions,
    sessions,
    resets,
    audit,
  ] = await Promise.all([
    db
      .selectFrom('profile_answers')
      .innerJoin('profile_questions', 'profile_questions.id', 'profile_answers.question_id')
      .select(['profile_questions.key', 'profile_answers.answer', 'profile_answers.updated_at'])
      .where('profile_answers.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('community_memberships')
      .innerJoin('communities', 'communities.id', 'community_memberships.community_id')
      .select(['communities.name', 'communities.kind', 'community_memberships.joined_at'])
      .where('community_memberships.user_id', '=', userId)
      .execute(),
    // the member's own introductions, whole; of those where they are the contact, only what the member may see
    // already (no owner's height, state, tribe, details or request message: docs/security.md finding 8)
    db
      .selectFrom('introductions')
      .select([
        'id',
        'status',
        'is_active',
        'min_age',
        'max_age',
        'min_height',
        'my_height',
        'state',
        'tribe',
        'city',
        'distant_relationship',
        'is_public',
        'details',
        'request_message',
        'response_message',
        'requested_at',
        'responded_at',
        'created_at',
        'updated_at',
      ])
      .where('owner_id', '=', userId)
      .execute(),
    db
      .selectFrom('introductions')
      .select(['id', 'status', 'response_message', 'requested_at', 'responded_at'])
      .where('contact_id', '=', userId)
      .execute(),
    db
      .selectFrom('introduction_requests')
      .select(['id', 'introduction_id', 'message', 'status', 'created_at'])
      .where('requester_id', '=', userId)
      .execute(),
    db
      .selectFrom('subscriptions')
      .select(['id', 'introduction_id', 'plan', 'status', 'created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_verified_at', 'expires_at', 'user_agent', 'ip'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('password_reset_requests')
      .select(['created_at', 'expires_at', 'used_at', 'invalidated_at', 'attempts'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'created_at'])
      .where((eb) => eb.or([eb('actor_id', '=', userId), eb('target_id', '=', userId)]))
      .execute(),
  ]);
  // releases of contact details, both ways: to whom theirs went, and whose they received (issue 9)
  const contactDisclosures = await db
    .selectFrom('contact_disclosures')
    .select(['subject_id', 'viewer_id', 'introduction_id', 'fields', 'disclosed_at'])
    .where((eb) => eb.or([eb('subject_id', '=', userId), eb('viewer_id', '=', userId)]))
    .execute();
  return {
    user,
    photos,
    citizenships,
    coreValues,
    consents,
    contactDisclosures,
    answers,
    communities,
    introductions,
    introductionsAsContact,
    introductionRequests,
    subscriptions,
    sessions,
    passwordResets: resets,
    activity: audit,
  };
}

/**
 * Erases a member (docs/security.md target 14): the user row goes, and with it (ON DELETE CASCADE) sessions, reset codes,
 * consents, photos, answers, memberships, introductions they own or are the contact of, and their requests. Audit
 * rows about them go too; rate-limit rows keyed by their email hash are removed by the caller.
 */
/** Pass a transaction to erase more in the same one (Kysely cannot nest transactions). */
export async function deleteUser(db: Database, userId: string) {
  const erase = async (trx: Database) => {
    await trx.deleteFrom('audit_log').where('target_id', '=', userId).execute();
    // lines of staff about them (an introduction registered for them: details.owner_id) keep the action, not the id;
    // a scan of audit_log, run once per erase (packages/api/src/routers/account/erase-everywhere.int.test.ts)
    await trx
      .updateTable('audit_log')
      .set({ details: sql<string>`replace(details::text, ${userId}, 'erased')::jsonb` })
      .where(sql<boolean>`details::text like ${`%${userId}%`}`)
      .execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  };
  if (db.isTransaction) await erase(db);
  else await db.transaction().execute(erase);
}

export async function insertAudit(
  db: Database,
  entry: {
    actorId: string | null;
    action: string;
    targetType: string;
    targetId: string | null;
    /** what changed (e.g. the note before and after), kept as jsonb */
    details?: Record<string, unknown>;
    /** when it happened (the injected clock); the database's now() by default */
    at?: Date;
  },
) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      ...(entry.details ? { details: JSON.stringify(entry.details) } : {}),
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .execute();
}
