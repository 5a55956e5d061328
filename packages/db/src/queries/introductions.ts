import { sql, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../create-db';
import type { DB } from '../schema.gen';
import { precompiled } from './precompiled';
import { blockedBetween, blockedEitherWay } from './visibility';

// Introductions between members. Who is a party is decided here, once: the owner always; the contact
// only once the owner has requested (until then the contact is not told anything, as in the private
// matchmaking flow, where the agents call the chosen person only when the member asks).

/** An introduction's own columns: what every view of it reads, the member's data export included. */
export const INTRODUCTION_RECORD_COLUMNS = [
  'id',
  'status',
  'is_active',
  'is_public',
  'min_age',
  'max_age',
  'min_height',
  'my_height',
  'state',
  'tribe',
  'city',
  'distant_relationship',
  'details',
  'request_message',
  'response_message',
  'requested_at',
  'responded_at',
  'created_at',
  'updated_at',
] as const;

/** The record with its two members, as the members' views read it. */
export const INTRODUCTION_COLUMNS = [...INTRODUCTION_RECORD_COLUMNS, 'owner_id', 'contact_id'] as const;

/** Staff read also who made it and the consultants' note. */
export const STAFF_INTRODUCTION_COLUMNS = [
  ...INTRODUCTION_COLUMNS,
  'created_by',
  'note',
  'require_verification',
] as const;

export type IntroductionRow = Pick<Selectable<DB['introductions']>, (typeof INTRODUCTION_COLUMNS)[number]>;
export type StaffIntroductionRow = Pick<
  Selectable<DB['introductions']>,
  (typeof STAFF_INTRODUCTION_COLUMNS)[number]
>;

/** A block either way between owner and contact: the introduction is gone for both (docs/security.md). */
const notBlocked = () =>
  sql<SqlBool>`NOT ${blockedBetween('introductions.owner_id', 'introductions.contact_id')}`;

/**
 * The introductions addressed to a member that they may know of: only once the owner has requested, and not while
 * either of them blocks the other.
 */
export function contactOf(userId: string) {
  return (eb: ExpressionBuilder<DB, 'introductions'>) =>
    eb.and([
      eb('introductions.contact_id', '=', userId),
      eb('introductions.status', '<>', 'open'),
      notBlocked(),
    ]);
}

/**
 * The introductions a member is a party to: their own, and those addressed to them once requested; neither while
 * the owner and the contact block each other (every action then answers like an unknown id).
 */
export function partyOf(userId: string) {
  return (eb: ExpressionBuilder<DB, 'introductions'>) =>
    eb.and([eb.or([eb('introductions.owner_id', '=', userId), contactOf(userId)(eb)]), notBlocked()]);
}

/** One introduction if `userId` is one of its parties; undefined otherwise (exactly like an unknown id). */
export async function findIntroductionForParty(db: Database, id: string, userId: string) {
  return db
    .selectFrom('introductions')
    .select(INTRODUCTION_COLUMNS)
    .where('id', '=', id)
    .where(partyOf(userId))
    .executeTakeFirst();
}

// built once (./precompiled.ts): a member's list of introductions
const introductionsForMember = precompiled(['userId'], (db, p) =>
  db
    .selectFrom('introductions')
    .select(INTRODUCTION_COLUMNS)
    .where(partyOf(p.userId))
    .orderBy('created_at', 'desc')
    .orderBy('id'),
);

export async function listIntroductionsForMember(db: Database, userId: string) {
  return introductionsForMember(db, { userId });
}

// built once (./precompiled.ts): every auth/me and session read runs it
const anyIntroductionOfMember = precompiled(['userId'], (db, p) =>
  db.selectFrom('introductions').select('id').where(partyOf(p.userId)).limit(1),
);

export async function memberHasIntroductions(db: Database, userId: string): Promise<boolean> {
  const [row] = await anyIntroductionOfMember(db, { userId });
  return row !== undefined;
}

/**
 * The conditional UPDATE behind every member transition: it changes the row only if it is still in `from`, so of
 * any number of concurrent calls exactly one moves it (first come, first serve; docs/security.md target 17).
 */
export async function transitionIntroduction(
  db: Database,
  change: {
    id: string;
    from: string;
    to: string;
    at: Date;
    requestMessage?: string;
    responseMessage?: string;
  },
) {
  return (
    db
      .updateTable('introductions')
      .set({
        status: change.to,
        updated_at: change.at,
        ...(change.requestMessage !== undefined
          ? { request_message: change.requestMessage, requested_at: change.at }
          : {}),
        ...(change.responseMessage !== undefined
          ? { response_message: change.responseMessage, responded_at: change.at }
          : {}),
      })
      .where('id', '=', change.id)
      .where('status', '=', change.from)
      // a switched-off introduction takes no member action, even one racing the switch-off
      .where('is_active', '=', true)
      .returning(['id'])
      .executeTakeFirst()
  );
}

/** A public, active introduction that members may ask to be introduced to. */
export async function findRequestableIntroduction(db: Database, id: string, requesterId: string) {
  return (
    db
      .selectFrom('introductions')
      .innerJoin('users as owner', 'owner.id', 'introductions.owner_id')
      .select(['introductions.id', 'introductions.owner_id', 'introductions.contact_id', 'owner.first_name'])
      .where('introductions.id', '=', id)
      .where('introductions.is_public', '=', true)
      .where('introductions.is_active', '=', true)
      .where('owner.status', '=', 'active')
      // an owner who blocks the requester, or is blocked by them, has no introduction for them
      .where(sql<SqlBool>`NOT ${blockedEitherWay(requesterId, 'introductions.owner_id')}`)
      .executeTakeFirst()
  );
}

/** One request per requester and introduction: undefined when this requester already has one. */
export async function insertIntroductionRequest(
  db: Database,
  request: { introductionId: string; requesterId: string; message: string; at: Date },
) {
  return db
    .insertInto('introduction_requests')
    .values({
      introduction_id: request.introductionId,
      requester_id: request.requesterId,
      message: request.message,
      created_at: request.at,
    })
    .onConflict((oc) => oc.columns(['introduction_id', 'requester_id']).doNothing())
    .returning(['id', 'introduction_id', 'message', 'status', 'created_at'])
    .executeTakeFirst();
}

/** Requests on one introduction, first come first serve. */
export async function listIntroductionRequests(db: Database, introductionId: string) {
  return db
    .selectFrom('introduction_requests')
    .select(['id', 'requester_id', 'message', 'status', 'created_at'])
    .where('introduction_id', '=', introductionId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Records releases of contact details; a release already recorded for the same pair and introduction stays. */
export async function insertContactDisclosures(
  db: Database,
  rows: { subjectId: string; viewerId: string; introductionId: string; fields: string[]; at: Date }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('contact_disclosures')
    .values(
      rows.map((row) => ({
        subject_id: row.subjectId,
        viewer_id: row.viewerId,
        introduction_id: row.introductionId,
        fields: row.fields,
        disclosed_at: row.at,
      })),
    )
    .onConflict((oc) => oc.columns(['subject_id', 'viewer_id', 'introduction_id']).doNothing())
    .execute();
}

/** "Who can see my phone number": every release of the member's details, newest first. */
export async function listDisclosuresOfSubject(db: Database, subjectId: string) {
  return (
    db
      .selectFrom('contact_disclosures')
      .select(['id', 'viewer_id', 'introduction_id', 'fields', 'disclosed_at'])
      .where('subject_id', '=', subjectId)
      // a block withdraws the release: that member no longer sees the details (packages/db/src/queries/profiles.ts)
      .where(sql<SqlBool>`NOT ${blockedEitherWay(subjectId, 'contact_disclosures.viewer_id')}`)
      .orderBy('disclosed_at', 'desc')
      .orderBy('id')
      .execute()
  );
}

/** Whether an introduction between the two members was accepted (either may be its owner). */
export async function acceptedBetween(db: Database, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('introductions')
    .select(sql<number>`1`.as('one'))
    .where('status', '=', 'accepted')
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_id', '=', a), eb('contact_id', '=', b)]),
        eb.and([eb('owner_id', '=', b), eb('contact_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
