import { sql } from 'kysely';
import type { Database } from '../create-db';
import { reachableMember } from './visibility';

// Video calls and their signals (migration 20261124T1620_video_calls, docs/decisions/180-video-calls.md).

const CALL_COLUMNS = [
  'id',
  'caller_id',
  'callee_id',
  'via',
  'status',
  'created_at',
  'answered_at',
  'ended_at',
] as const;

export type CallStatus = 'ringing' | 'active' | 'ended' | 'declined' | 'missed';
export type CallSignalKind = 'ring' | 'accept' | 'decline' | 'offer' | 'answer' | 'ice' | 'hangup';

export async function insertCall(
  db: Database,
  call: { callerId: string; calleeId: string; via: 'friends' | 'introduction'; now: Date },
) {
  return db
    .insertInto('calls')
    .values({ caller_id: call.callerId, callee_id: call.calleeId, via: call.via, created_at: call.now })
    .returning([...CALL_COLUMNS])
    .executeTakeFirstOrThrow();
}

export async function findCall(db: Database, id: string) {
  return db
    .selectFrom('calls')
    .select([...CALL_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A call between the two (either way) still ringing since `ringingSince`: a second ring returns it. */
export async function findRingingBetween(
  db: Database,
  options: { a: string; b: string; ringingSince: Date },
) {
  return db
    .selectFrom('calls')
    .select([...CALL_COLUMNS])
    .where((eb) =>
      eb.or([
        eb.and([eb('caller_id', '=', options.a), eb('callee_id', '=', options.b)]),
        eb.and([eb('caller_id', '=', options.b), eb('callee_id', '=', options.a)]),
      ]),
    )
    .where('status', '=', 'ringing')
    .where('created_at', '>=', options.ringingSince)
    .executeTakeFirst();
}

/** When a call under way last showed a party was there: the answer or either page's latest heartbeat. */
const lastSignOfLife = sql<Date>`greatest(answered_at, caller_seen_at, callee_seen_at)`;

/**
 * Ends the calls no page will end (docs/decisions/180-video-calls.md): one that rang past the time-out without an
 * answer is missed (its caller's page never said so), one under way that neither party's page has spoken for since
 * `silentBefore` is ended at its last sign of life, so its length is the time both were there. Answers the calls
 * closed: each by one statement, so two sweeps at once never close (or tell of) one call twice.
 */
export async function closeStaleCalls(
  db: Database,
  options: { ringingBefore: Date; silentBefore: Date; now: Date },
): Promise<{ id: string; caller_id: string; callee_id: string; status: 'missed' | 'ended' }[]> {
  const missed = await db
    .updateTable('calls')
    .set({ status: 'missed', ended_at: options.now })
    .where('status', '=', 'ringing')
    .where('created_at', '<', options.ringingBefore)
    .returning(['id', 'caller_id', 'callee_id'])
    .execute();
  const ended = await db
    .updateTable('calls')
    .set({ status: 'ended', ended_at: lastSignOfLife })
    .where('status', '=', 'active')
    .where(sql<boolean>`${lastSignOfLife} < ${options.silentBefore}`)
    .returning(['id', 'caller_id', 'callee_id'])
    .execute();
  return [
    ...missed.map((row) => ({ ...row, status: 'missed' as const })),
    ...ended.map((row) => ({ ...row, status: 'ended' as const })),
  ];
}

/**
 * A party's page says it is still in the call (calls.heartbeat): its time of last sign of life moves on. Nothing
 * changes on a call already over; answers the call as it is now.
 */
export async function touchCall(db: Database, options: { id: string; userId: string; now: Date }) {
  return db
    .updateTable('calls')
    .set({
      caller_seen_at: sql`CASE WHEN caller_id = ${options.userId} THEN ${options.now} ELSE caller_seen_at END`,
      callee_seen_at: sql`CASE WHEN callee_id = ${options.userId} THEN ${options.now} ELSE callee_seen_at END`,
    })
    .where('id', '=', options.id)
    .where('status', 'in', ['ringing', 'active'])
    .returning([...CALL_COLUMNS])
    .executeTakeFirst();
}

/** Moves a call from one state to another; undefined when it was no longer in `from` (a race: the other won). */
export async function updateCallStatus(
  db: Database,
  options: { id: string; from: CallStatus[]; to: CallStatus; now: Date },
) {
  return db
    .updateTable('calls')
    .set({
      status: options.to,
      ...(options.to === 'active' ? { answered_at: options.now } : { ended_at: options.now }),
    })
    .where('id', '=', options.id)
    .where('status', 'in', options.from)
    .returning([...CALL_COLUMNS])
    .executeTakeFirst();
}

/**
 * Ends every call between the two still ringing or under way (a block between them, docs/security.md F30), at
 * `now`; answers the calls ended, so their parties can be told.
 */
export async function endLiveCallsBetween(db: Database, options: { a: string; b: string; now: Date }) {
  return db
    .updateTable('calls')
    .set({ status: 'ended', ended_at: options.now })
    .where((eb) =>
      eb.or([
        eb.and([eb('caller_id', '=', options.a), eb('callee_id', '=', options.b)]),
        eb.and([eb('caller_id', '=', options.b), eb('callee_id', '=', options.a)]),
      ]),
    )
    .where('status', 'in', ['ringing', 'active'])
    .returning([...CALL_COLUMNS])
    .execute();
}

/** Calls a member started to friends since `since` (the free allowance counts them). */
export async function listFriendCallsStartedSince(db: Database, options: { callerId: string; since: Date }) {
  const rows = await db
    .selectFrom('calls')
    .select('created_at')
    .where('caller_id', '=', options.callerId)
    .where('via', '=', 'friends')
    .where('created_at', '>=', options.since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

/** The newest 200 calls between two members since `since` (the thread's events), newest first. */
export async function listCallsBetween(db: Database, options: { a: string; b: string; since: Date | null }) {
  let query = db
    .selectFrom('calls')
    .select([...CALL_COLUMNS])
    .where((eb) =>
      eb.or([
        eb.and([eb('caller_id', '=', options.a), eb('callee_id', '=', options.b)]),
        eb.and([eb('caller_id', '=', options.b), eb('callee_id', '=', options.a)]),
      ]),
    );
  if (options.since) query = query.where('created_at', '>=', options.since);
  return query.orderBy('created_at', 'desc').limit(200).execute();
}

/** A signal from one party to the other; its insert is announced (trigger call_signals_notify). */
export async function insertSignal(
  db: Database,
  signal: {
    callId: string;
    senderId: string;
    recipientId: string;
    kind: CallSignalKind;
    data: unknown;
    now: Date;
  },
) {
  await db
    .insertInto('call_signals')
    .values({
      call_id: signal.callId,
      sender_id: signal.senderId,
      recipient_id: signal.recipientId,
      kind: signal.kind,
      data: signal.data === null || signal.data === undefined ? null : JSON.stringify(signal.data),
      created_at: signal.now,
    })
    .execute();
}

/**
 * Signals addressed to `viewerId` whose sender is still reachable for them (a block, a suspension or an erase
 * since: nothing, as for messages). A hang-up passes a block: it carries nothing but the end of a call the
 * recipient is in, and a block ends the two members' calls with one to each (docs/security.md F30). The one rule
 * for a signal delivered live (findSignalFor) and one replayed (listSignalsFor).
 */
function signalsFor(db: Database, viewerId: string) {
  return db
    .selectFrom('call_signals as s')
    .innerJoin('users as u', 'u.id', 's.sender_id')
    .where('s.recipient_id', '=', viewerId)
    .where((eb) => eb.or([eb('s.kind', '=', 'hangup'), reachableMember(viewerId, 'u')]));
}

/** One signal for `viewerId` under the rule above (the live stream reads each one announced). */
export async function findSignalFor(db: Database, options: { id: string; viewerId: string }) {
  return signalsFor(db, options.viewerId)
    .select(['s.id', 's.call_id', 's.sender_id', 's.kind', 's.data'])
    .where('s.id', '=', options.id)
    .executeTakeFirst();
}

/** The newest signal `viewerId` may read: where a live stream that opens starts (it tells nothing of others'). */
export async function newestSignalIdFor(db: Database, viewerId: string): Promise<string | null> {
  const row = await signalsFor(db, viewerId)
    .select((eb) => eb.fn.max('s.id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : String(row.id);
}

/**
 * The signals for `viewerId` after `afterId` (up to `upToId`), oldest first, that a live stream which was not
 * listening still has to deliver (docs/decisions/086-live-messages-catch-up.md): those of calls still ringing
 * (a ring only within its time-out, since `ringingSince`) or under way, and the hang-up or decline of one that
 * ended meanwhile, so the page stops ringing. An ended call's negotiation is deleted with it; its ring and accept
 * are left out here. `kinds` narrows them (a stream that opens re-sends only the rings).
 */
export async function listSignalsFor(
  db: Database,
  options: {
    viewerId: string;
    afterId: string;
    upToId?: string;
    ringingSince: Date;
    kinds?: CallSignalKind[];
    limit: number;
  },
) {
  let query = signalsFor(db, options.viewerId)
    .innerJoin('calls as c', 'c.id', 's.call_id')
    .select(['s.id', 's.call_id', 's.sender_id', 's.kind', 's.data'])
    .where('s.id', '>', options.afterId)
    .where((eb) =>
      eb.or([
        eb('s.kind', 'in', ['hangup', 'decline']),
        eb.and([
          eb('s.kind', '=', 'ring'),
          eb('c.status', '=', 'ringing'),
          eb('c.created_at', '>=', options.ringingSince),
        ]),
        eb.and([eb('s.kind', 'in', ['accept', 'offer', 'answer', 'ice']), eb('c.status', '=', 'active')]),
      ]),
    );
  if (options.upToId !== undefined) query = query.where('s.id', '<=', options.upToId);
  if (options.kinds) query = query.where('s.kind', 'in', options.kinds);
  return query.orderBy('s.id').limit(options.limit).execute();
}

/** The media negotiation of calls that ended (offers, answers, candidates: network addresses) is not kept. */
export async function deleteNegotiation(db: Database, callId: string | string[]) {
  const ids = Array.isArray(callId) ? callId : [callId];
  if (ids.length === 0) return;
  await db
    .deleteFrom('call_signals')
    .where('call_id', 'in', ids)
    .where('kind', 'in', ['offer', 'answer', 'ice'])
    .execute();
}

/** Negotiation left by calls that ended without a hang-up (a closed tab): swept when calls start. */
export async function deleteStaleNegotiation(db: Database, before: Date) {
  await db
    .deleteFrom('call_signals')
    .where('kind', 'in', ['offer', 'answer', 'ice'])
    .where('created_at', '<', before)
    .where(sql<boolean>`call_id IN (SELECT id FROM calls WHERE status <> 'active')`)
    .execute();
}
