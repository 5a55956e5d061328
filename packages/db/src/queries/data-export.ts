import { sql } from 'kysely';
import type { Database } from '../create-db';
import { contactOf, INTRODUCTION_RECORD_COLUMNS } from './introductions';

// "Download my data": what is held about one member, read for the export only.

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
      'profile_visibility',
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
    // already (no owner's height, state, tribe, details or request message: docs/security.md, F8)
    db
      .selectFrom('introductions')
      .select(INTRODUCTION_RECORD_COLUMNS)
      .where('owner_id', '=', userId)
      .execute(),
    db
      .selectFrom('introductions')
      .select(['id', 'status', 'response_message', 'requested_at', 'responded_at'])
      // the same rule as reading one by id: an open one addressed to them is not theirs to know of yet
      .where(contactOf(userId))
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
  // releases of contact details, both ways: to whom theirs went, and whose they received
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
 * The member's self-matching data for "download my data": friend requests both ways, messages sent and
 * received, reports they made and blocks they set. Of other members only the first name, which the member saw.
 */
export async function exportSocialData(db: Database, userId: string) {
  const other = (a: string, b: string) =>
    sql<string>`(SELECT first_name FROM users o WHERE o.id = CASE WHEN ${sql.ref(a)} = ${userId}
      THEN ${sql.ref(b)} ELSE ${sql.ref(a)} END)`;
  const [friendships, messages, reports, blocks] = await Promise.all([
    db
      .selectFrom('friend_requests')
      .select([
        'id',
        sql<string>`CASE WHEN requester_id = ${userId} THEN 'sent' ELSE 'received' END`.as('direction'),
        'status',
        'created_at',
        'responded_at',
        other('requester_id', 'addressee_id').as('other_first_name'),
      ])
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('messages')
      .select([
        'id',
        sql<string>`CASE WHEN sender_id = ${userId} THEN 'sent' ELSE 'received' END`.as('direction'),
        'body',
        'created_at',
        'read_at',
        other('sender_id', 'recipient_id').as('other_first_name'),
      ])
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('reports as r')
      .innerJoin('users as u', 'u.id', 'r.reported_id')
      .select([
        'r.id',
        'r.reason',
        'r.details',
        'r.source',
        'r.status',
        'r.created_at',
        'u.first_name as reported_first_name',
      ])
      .where('r.reporter_id', '=', userId)
      .orderBy('r.created_at')
      .execute(),
    db
      .selectFrom('blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['u.first_name as blocked_first_name', 'b.created_at'])
      .where('b.blocker_id', '=', userId)
      .execute(),
  ]);
  return { friendships, messages, reportsMade: reports, blocks };
}
