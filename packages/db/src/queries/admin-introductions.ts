import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { SPECIAL_CATEGORY_CONSENT, type TIntroductionListKey } from '@rhema/schemas';
import type { Database } from '../create-db';
import type { DB } from '../schema.gen';
import {
  countUpTo,
  countUpToQuery,
  estimateRows,
  likePrefix,
  type MemberSearchFilters,
} from './admin-search';
import { STAFF_INTRODUCTION_COLUMNS } from './introductions';
import { beyondDescendingKey, type PagePosition } from './keyset';
import { blockedBetween } from './visibility';

// The consultants' introduction records: the lists with their cards, one record, its requests and
// history, and the changes staff make (activate, deactivate, note, suggestion code, registration). Every change is
// a conditional update, so repeating it changes nothing (and writes no second audit entry).

export interface IntroductionListFilters {
  /** pre-matched only (a contact is set): GET admin/user-introductions/pre/matched */
  prematched: boolean;
  /** the introduction's stage (open, requested, accepted, rejected), or 'active': switched on */
  status?: string | undefined;
  /** filters on the owner, as the member search reads them (phone overrides the others) */
  owner: Omit<MemberSearchFilters, 'status'>;
}

export type IntroductionListPosition = PagePosition<TIntroductionListKey>;

type IntroductionsQuery = SelectQueryBuilder<DB, 'introductions', object>;

/**
 * The lists' filters. The owner's are read from the owner's fields copied onto the introduction (migration
 * 20261123T1100_introduction_owner_fields, kept by triggers), so every filter mix is a range of one of the lists'
 * indexes filtered on its entries alone (docs/decisions/091). A phone number overrides the other
 * owner filters and finds the owner first (users_phone_idx, then introductions_owner_idx).
 */
function applyListFilters(query: IntroductionsQuery, filters: IntroductionListFilters): IntroductionsQuery {
  const { owner } = filters;
  let q = query;
  if (filters.prematched) q = q.where('introductions.contact_id', 'is not', null);
  // 'active' is the switch (the product's filter value), the others the stage
  if (filters.status === 'active') q = q.where('introductions.is_active', '=', true);
  else if (filters.status) q = q.where('introductions.status', '=', filters.status);
  if (owner.phone) {
    const phone = owner.phone;
    return q.where('introductions.owner_id', 'in', (eb) =>
      eb.selectFrom('users').select('users.id').where('users.phone', '=', phone),
    );
  }
  if (owner.gender) q = q.where('introductions.owner_gender', '=', owner.gender);
  if (owner.countryCode) q = q.where('introductions.owner_country_code', '=', owner.countryCode);
  if (owner.bornOnOrBefore) q = q.where('introductions.owner_date_of_birth', '<=', owner.bornOnOrBefore);
  if (owner.bornAfter) q = q.where('introductions.owner_date_of_birth', '>', owner.bornAfter);
  // lower(first_name) in the "C" collation: LIKE 'ada%' is a range of introductions_owner_name_idx
  if (owner.namePrefix) q = q.where('introductions.owner_name_key', 'like', likePrefix(owner.namePrefix));
  return q;
}

/**
 * One page of introduction ids, newest first (keyset on created_at, id; or offset). The page is read from the
 * list's index alone (id and created_at); the cursor text is made for the page's rows only, outside that read, so an
 * OFFSET skips index entries without formatting each one.
 */
export function introductionPageQuery(
  db: Database,
  filters: IntroductionListFilters,
  position: IntroductionListPosition,
  limit: number,
) {
  const backwards = position.kind === 'before';
  const direction = backwards ? 'asc' : 'desc';
  let q = applyListFilters(db.selectFrom('introductions'), filters).select([
    'introductions.id',
    'introductions.created_at',
  ]);
  if (position.kind !== 'offset') {
    const at = sql<Date>`${position.key.createdAt}::timestamptz`;
    q = q.where(
      beyondDescendingKey(
        'introductions.created_at',
        'introductions.id',
        { at, id: position.key.id },
        position.kind,
      ),
    );
  }
  q = q.orderBy('introductions.created_at', direction).orderBy('introductions.id', direction).limit(limit);
  if (position.kind === 'offset' && position.offset > 0) q = q.offset(position.offset);
  return db
    .selectFrom(q.as('page'))
    .select([
      'page.id',
      // microseconds, which a JavaScript Date would drop: the cursor must name the row exactly
      sql<string>`to_char(page.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'created_key',
      ),
    ])
    .orderBy('page.created_at', direction)
    .orderBy('page.id', direction);
}

/**
 * One page of the list as cards (keyset or offset, as introductionPageQuery): the page's ids joined back to their
 * records with the cards' extras, one statement; `created_key` names each row for the cursors.
 */
export async function findIntroductionCardPage(
  db: Database,
  filters: IntroductionListFilters,
  position: IntroductionListPosition,
  limit: number,
) {
  const direction = position.kind === 'before' ? 'asc' : 'desc';
  const rows = await db
    .selectFrom(introductionPageQuery(db, filters, position, limit).as('page'))
    .innerJoin('introductions as i', 'i.id', 'page.id')
    .select((eb) => [...STAFF_CARD_COLUMNS, 'page.created_key', ...cardExtras(eb)])
    .orderBy('i.created_at', direction)
    .orderBy('i.id', direction)
    .execute();
  return position.kind === 'before' ? rows.reverse() : rows;
}

export function countIntroductionsUpToQuery(db: Database, filters: IntroductionListFilters, cap: number) {
  return countUpToQuery(db, applyListFilters(db.selectFrom('introductions'), filters), cap);
}

export async function countIntroductionsUpTo(db: Database, filters: IntroductionListFilters, cap: number) {
  return countUpTo(db, applyListFilters(db.selectFrom('introductions'), filters), cap);
}

export async function estimateIntroductions(db: Database, filters: IntroductionListFilters) {
  return estimateRows(
    db,
    applyListFilters(db.selectFrom('introductions'), filters).select('introductions.id'),
  );
}

/** The introduction's own columns as a card reads them (the record joined under the alias i). */
const STAFF_CARD_COLUMNS = STAFF_INTRODUCTION_COLUMNS.map(
  (column) => `i.${column}` as `i.${(typeof STAFF_INTRODUCTION_COLUMNS)[number]}`,
);

type CardExpressions = ExpressionBuilder<DB & { i: DB['introductions'] }, 'i'>;

/**
 * What a console card shows beside the record, read in the record's own statement (one index lookup each per
 * card, instead of four statements after it): its request count, whether owner and contact block each other, the
 * owner's standing special-category consent (staff see tribe and state of origin only with it), and the suggestion
 * codes, oldest first, each with the active member it names (or null).
 */
function cardExtras(eb: CardExpressions) {
  return [
    eb
      .selectFrom('introduction_requests as r')
      .select((inner) => inner.fn.countAll<string>().as('count'))
      .whereRef('r.introduction_id', '=', 'i.id')
      .as('requests_count'),
    sql<boolean>`${blockedBetween('i.owner_id', 'i.contact_id')}`.as('blocked'),
    eb
      .exists(
        eb
          .selectFrom('user_consents as k')
          .select('k.user_id')
          .whereRef('k.user_id', '=', 'i.owner_id')
          .where('k.purpose', '=', SPECIAL_CATEGORY_CONSENT.purpose)
          .where('k.withdrawn_at', 'is', null),
      )
      .$castTo<boolean>()
      .as('owner_special_consent'),
    jsonArrayFrom(
      eb
        .selectFrom('suggestion_codes as s')
        .leftJoin('users as u', (join) =>
          join
            .onRef('u.contact_reference', '=', 's.code')
            .on('u.role', '=', 'member')
            .on('u.status', '=', 'active'),
        )
        .select(['s.code', 'u.id as member_id'])
        .whereRef('s.introduction_id', '=', 'i.id')
        .orderBy('s.created_at'),
    ).as('suggestions'),
  ] as const;
}

/** The requests an introduction received, first come first served (created_at as the database's text). */
function requestsOf(eb: CardExpressions) {
  return jsonArrayFrom(
    eb
      .selectFrom('introduction_requests as r')
      .select(['r.id', 'r.requester_id', 'r.message', 'r.status', 'r.created_at'])
      .whereRef('r.introduction_id', '=', 'i.id')
      .orderBy('r.created_at')
      .orderBy('r.id'),
  ).as('requests');
}

/** Introductions by id as cards (any order; the caller keeps its own). */
export async function findIntroductionCards(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('introductions as i')
    .select((eb) => [...STAFF_CARD_COLUMNS, ...cardExtras(eb)])
    .where('i.id', 'in', ids)
    .execute();
}

export type StaffIntroductionCardRow = Awaited<ReturnType<typeof findIntroductionCards>>[number];

export async function findIntroduction(db: Database, id: string) {
  return db
    .selectFrom('introductions as i')
    .select(STAFF_INTRODUCTION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The member's current introduction record as a card with its requests: the newest public and active one they own
 * (the one members and consultants can send requests to, findRequestableIntroduction in ./introductions.ts), else
 * the newest they own. A member owns a handful, so the sort on the expression is cheap.
 */
export async function findCurrentIntroductionCardOf(db: Database, ownerId: string) {
  return db
    .selectFrom('introductions as i')
    .select((eb) => [...STAFF_CARD_COLUMNS, ...cardExtras(eb), requestsOf(eb)])
    .where('i.owner_id', '=', ownerId)
    .orderBy(sql`(i.is_public and i.is_active)`, 'desc')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every introduction a member owns or is the contact of, newest first, as cards. */
export async function listIntroductionCardsOfUser(db: Database, userId: string) {
  return introductionsOfUser(db, userId)
    .select((eb) => [...STAFF_CARD_COLUMNS, ...cardExtras(eb)])
    .execute();
}

/** The same with each one's requests (the member's introductions page). */
export async function listIntroductionCardsWithRequestsOfUser(db: Database, userId: string) {
  return introductionsOfUser(db, userId)
    .select((eb) => [...STAFF_CARD_COLUMNS, ...cardExtras(eb), requestsOf(eb)])
    .execute();
}

function introductionsOfUser(db: Database, userId: string) {
  return db
    .selectFrom('introductions as i')
    .where((eb) => eb.or([eb('i.owner_id', '=', userId), eb('i.contact_id', '=', userId)]))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(200);
}

/** What happened to these introductions, oldest first: the audit log's entries about them. */
export async function listHistory(db: Database, introductionIds: readonly string[]) {
  if (introductionIds.length === 0) return [];
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .select([
      'a.id',
      'a.target_id',
      'a.action',
      'a.details',
      'a.created_at',
      'a.actor_id',
      'actor.first_name as actor_first_name',
      'actor.role as actor_role',
    ])
    .where('a.target_type', '=', 'introduction')
    .where('a.target_id', 'in', introductionIds)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
}

/** Sets the active flag only if it differs: the changed row, or undefined when it was already so (or absent). */
export async function setActive(db: Database, id: string, active: boolean, now: Date) {
  return db
    .updateTable('introductions')
    .set({ is_active: active, updated_at: now })
    .where('id', '=', id)
    .where('is_active', '=', !active)
    .returning(['id'])
    .executeTakeFirst();
}

/**
 * Replaces the consultant's note if it differs; returns the note before, or undefined when nothing changed. Run it
 * in a transaction (the row is locked between the read and the write).
 */
export async function setNote(db: Database, id: string, note: string | null, now: Date) {
  const current = await db
    .selectFrom('introductions')
    .select(['note'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current || current.note === note) return undefined;
  await db.updateTable('introductions').set({ note, updated_at: now }).where('id', '=', id).execute();
  return { before: current.note };
}

/** Adds a suggestion code once: true when added, false when the introduction already had it. */
export async function addSuggestionCode(
  db: Database,
  values: { introductionId: string; code: string; createdBy: string },
) {
  const row = await db
    .insertInto('suggestion_codes')
    .values({ introduction_id: values.introductionId, code: values.code, created_by: values.createdBy })
    .onConflict((oc) => oc.columns(['introduction_id', 'code']).doNothing())
    .returning(['id'])
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a suggestion code: true when it was there. */
export async function removeSuggestionCode(db: Database, values: { introductionId: string; code: string }) {
  const row = await db
    .deleteFrom('suggestion_codes')
    .where('introduction_id', '=', values.introductionId)
    .where('code', '=', values.code)
    .returning(['id'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the introduction's match (its contact) unless it is requested or accepted (the members are acting on the
 * current one); a rejected one opens again for the new match. The row before the change, or undefined when the
 * introduction is absent; `changed` false when nothing moved (the same match, or a state that refuses it).
 */
export async function setContact(db: Database, id: string, contactId: string, now: Date) {
  const current = await db
    .selectFrom('introductions')
    .select(['id', 'owner_id', 'contact_id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return undefined;
  if (current.contact_id === contactId || current.status === 'requested' || current.status === 'accepted')
    return { before: current, changed: false };
  await db
    .updateTable('introductions')
    .set({
      contact_id: contactId,
      status: 'open',
      request_message: null,
      response_message: null,
      requested_at: null,
      responded_at: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  return { before: current, changed: true };
}

export interface NewIntroduction {
  owner_id: string;
  created_by: string;
  min_age: number;
  max_age: number;
  min_height: number | null;
  my_height: number | null;
  state: string | null;
  tribe: string | null;
  city: string | null;
  distant_relationship: boolean;
  is_public: boolean;
  /** its members must have verified their identity (the owner when it is made, the match when chosen) */
  require_verification?: boolean;
  details: string | null;
  note: string | null;
}

export async function insertIntroduction(db: Database, values: NewIntroduction) {
  return db.insertInto('introductions').values(values).returning(['id']).executeTakeFirstOrThrow();
}

/** The account fields staff see beside the profile (the product's updated_user). */
export async function findUserForStaff(db: Database, id: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'role',
      'status',
      'gender',
      'date_of_birth',
      'country_code',
      'phone',
      'contact_reference',
      'height_cm',
      'state_of_origin',
      'city',
      'created_at',
      'updated_at',
      'identity_verified_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Premium subscriptions of a member, newest first (staff confirm the pending ones). */
export async function listSubscriptionsOf(db: Database, userId: string) {
  return db
    .selectFrom('subscriptions')
    .select([
      'id',
      'introduction_id',
      'status',
      'created_at',
      'provider',
      'provider_reference',
      'amount_minor',
      'currency',
      'payment_state',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}
