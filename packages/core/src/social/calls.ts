import { createHmac } from 'node:crypto';
import { callQueries, introductionQueries, memberQueries, type Database } from '@rhema/db';
import type { RateLimitStore } from '@rhema/auth';
import {
  CALL_QUIET_AFTER_UNANSWERED_MS,
  CALL_RING_GRACE_MS,
  CALL_RING_TIMEOUT_MS,
  CALL_SILENT_AFTER_MS,
  CALL_UNANSWERED_IN_A_ROW,
  FREE_FRIEND_CALLS_PER_24H,
  TURN_CREDENTIAL_TTL_SECONDS,
  type TCall,
  type TCallSignalRequest,
  type TIceServer,
} from '@rhema/schemas';
import { quotaFrom, requireRemaining } from '../daily-quota';
import { AppError } from '../errors/app-error';
import { scheduleJob, type JobQueue } from '../jobs/queue';
import { takeCallRingLimits } from '../rate-limit/member-writes';
import { MEMBER_NOT_FOUND } from './friends';
import { mayMessage } from './messages';
import * as tell from '../notifications/events';

// Video calls (docs/decisions/180-video-calls.md): 1:1 WebRTC between two members who may message each other.
// The media goes browser to browser; the server keeps the call's state and passes each signal to the other party
// as a row of call_signals, announced on the live messages' channel (packages/core/src/social/message-hub.ts).

export const CALL_NOT_FOUND = 'We could not find that call.';
export const CALL_NOT_RINGING = 'This call is no longer ringing.';
export const CALL_NOT_ACTIVE = 'This call is not under way.';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The servers a browser may reach the other through, from ICE_SERVERS, and TURN_SECRET to mint credentials. */
export interface CallConfig {
  iceServers: TIceServer[];
  /** the secret shared with the TURN server (coturn's static-auth-secret); null: no credentials are minted */
  turnSecret: string | null;
}

export const NO_CALL_CONFIG: CallConfig = { iceServers: [], turnSecret: null };

type Row = NonNullable<Awaited<ReturnType<typeof callQueries.findCall>>>;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toCall(row: Row): TCall {
  const answered = row.answered_at === null ? null : new Date(row.answered_at).getTime();
  const ended = row.ended_at === null ? null : new Date(row.ended_at).getTime();
  return {
    _id: row.id,
    caller_id: row.caller_id,
    callee_id: row.callee_id,
    status: row.status as TCall['status'],
    created_at: new Date(row.created_at).toISOString(),
    answered_at: iso(row.answered_at),
    ended_at: iso(row.ended_at),
    duration_seconds: answered !== null && ended !== null ? Math.round((ended - answered) / 1000) : null,
  };
}

/**
 * Whether `userId` may call `otherId`, and by which rule: the one that unlocks messaging (mayMessage), never
 * across a block or to a suspended or erased member. Anyone else is told the member does not exist, as for an
 * unknown member, so a call attempt reveals nothing.
 */
async function requireCallable(db: Database, userId: string, otherId: string) {
  const other = await memberQueries.findReachableMember(db, { viewerId: userId, userId: otherId });
  if (!other || !(await mayMessage(db, userId, otherId))) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  // an accepted introduction was paid for with premium (docs/decisions/180-video-calls.md): its calls are not
  // counted against the free allowance (the ring limits below still hold)
  const via = (await introductionQueries.acceptedBetween(db, userId, otherId)) ? 'introduction' : 'friends';
  return { via, firstName: other.first_name } as const;
}

/**
 * A member whose last CALL_UNANSWERED_IN_A_ROW rings from this caller all went unanswered (declined or missed,
 * never saying which) is not rung again by them until CALL_QUIET_AFTER_UNANSWERED_MS after the last; a call the
 * other way since (they called back) lifts it (docs/security.md, F26).
 */
async function requireNotIgnored(options: {
  db: Database;
  userId: string;
  otherId: string;
  firstName: string;
  now: Date;
}) {
  const { db, userId, otherId, now } = options;
  const recent = await callQueries.listCallsBetween(db, {
    a: userId,
    b: otherId,
    since: new Date(now.getTime() - CALL_QUIET_AFTER_UNANSWERED_MS),
  });
  const last = recent.slice(0, CALL_UNANSWERED_IN_A_ROW);
  const ignored =
    last.length === CALL_UNANSWERED_IN_A_ROW &&
    last.every(
      (call) => call.caller_id === userId && (call.status === 'declined' || call.status === 'missed'),
    );
  if (!ignored) return;
  const until = new Date(new Date(last[0]!.created_at).getTime() + CALL_QUIET_AFTER_UNANSWERED_MS);
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `${options.firstName} has not answered your last ${CALL_UNANSWERED_IN_A_ROW} calls. You can call them again after ${until.toISOString().slice(11, 16)} UTC, or when they call you.`,
    { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) },
  );
}

/** The call, when `userId` is one of its parties and the other is still reachable for them. */
async function requireParty(db: Database, callId: string, userId: string) {
  const row = await callQueries.findCall(db, callId);
  if (!row || (row.caller_id !== userId && row.callee_id !== userId))
    throw new AppError('NOT_FOUND', CALL_NOT_FOUND);
  const otherId = row.caller_id === userId ? row.callee_id : row.caller_id;
  if (!(await memberQueries.findReachableMember(db, { viewerId: userId, userId: otherId })))
    throw new AppError('NOT_FOUND', CALL_NOT_FOUND);
  return { row, otherId };
}

const ringingSince = (now: Date) => new Date(now.getTime() - CALL_RING_TIMEOUT_MS - CALL_RING_GRACE_MS);

/**
 * Ends the calls whose pages are gone without a word: rung out (missed), or under way with neither party's page
 * heard from for CALL_SILENT_AFTER_MS (ended at the last sign of life). Every read of calls (the thread's list, the
 * call page, a new call, an answer, a heartbeat) sweeps first, so what it shows is already right and the two may
 * call again; and every ring queues a sweep for the moment it times out (job 'call-sweep'), so a call nobody reads
 * again is closed then. Their negotiation goes with them, as on a hang-up; a call rung out is a missed call for the
 * callee, told as when its caller gives up (endCall), in the same transaction as the close.
 */
export async function closeStaleCalls(db: Database, now: Date) {
  await db.transaction().execute(async (trx) => {
    const closed = await callQueries.closeStaleCalls(trx, {
      ringingBefore: ringingSince(now),
      silentBefore: new Date(now.getTime() - CALL_SILENT_AFTER_MS),
      now,
    });
    await callQueries.deleteNegotiation(
      trx,
      closed.map((call) => call.id),
    );
    for (const call of closed)
      if (call.status === 'missed')
        await tell.callMissed(trx, { callerId: call.caller_id, calleeId: call.callee_id, now });
  });
}

/**
 * Rings `otherId`: a call in state `ringing` and a `ring` signal to them. Calling again while it rings returns the
 * same call; a member ringing the caller at that moment makes it a CONFLICT (answer theirs). Calls to friends count
 * against the free allowance (FREE_FRIEND_CALLS_PER_24H); calls within an accepted introduction do not. Every ring,
 * whatever the route to the call, counts against the ring limits per caller and per pair, and a member who left
 * the caller's last rings unanswered is not rung again that day (docs/security.md, F26).
 */
export async function startCall(options: {
  db: Database;
  jobs: JobQueue;
  rateLimitStore: RateLimitStore;
  userId: string;
  otherId: string;
  now: Date;
}) {
  const { db, userId, otherId, now } = options;
  const { via, firstName } = await requireCallable(db, userId, otherId);
  await closeStaleCalls(db, now);
  await callQueries.deleteStaleNegotiation(db, new Date(now.getTime() - DAY_MS));
  const ringing = await callQueries.findRingingBetween(db, {
    a: userId,
    b: otherId,
    ringingSince: ringingSince(now),
  });
  if (ringing?.caller_id === userId) return toCall(ringing);
  if (ringing) throw new AppError('CONFLICT', 'They are calling you at this moment: answer their call.');
  if (via === 'friends') {
    const started = await callQueries.listFriendCallsStartedSince(db, {
      callerId: userId,
      since: new Date(now.getTime() - DAY_MS),
    });
    requireRemaining(quotaFrom(started, FREE_FRIEND_CALLS_PER_24H, DAY_MS), now, 'video calls', 'start');
  }
  await requireNotIgnored({ db, userId, otherId, firstName, now });
  await takeCallRingLimits(options, userId, otherId);
  const row = await db.transaction().execute(async (trx) => {
    const call = await callQueries.insertCall(trx, { callerId: userId, calleeId: otherId, via, now });
    await callQueries.insertSignal(trx, {
      callId: call.id,
      senderId: userId,
      recipientId: otherId,
      kind: 'ring',
      data: null,
      now,
    });
    // the ring's end: closed and told as missed then, whether or not a page reads calls again
    await scheduleJob(
      trx,
      { kind: 'call-sweep', callId: call.id },
      new Date(now.getTime() + CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS + 1000),
    );
    return call;
  });
  // the callee's devices ring at once (not at the queue's next poll): packages/core/src/notifications/ring.ts
  await options.jobs.add({ kind: 'call-ring', callId: row.id });
  return toCall(row);
}

/** The callee answers: `accept` makes the call active (the caller then sends its offer), otherwise declined. */
export async function answerCall(options: {
  db: Database;
  userId: string;
  callId: string;
  accept: boolean;
  now: Date;
}) {
  const { db, userId, now } = options;
  const { row, otherId } = await requireParty(db, options.callId, userId);
  if (row.callee_id !== userId) throw new AppError('NOT_FOUND', CALL_NOT_FOUND);
  await closeStaleCalls(db, now);
  const updated = await db.transaction().execute(async (trx) => {
    const next = await callQueries.updateCallStatus(trx, {
      id: row.id,
      from: ['ringing'],
      to: options.accept ? 'active' : 'declined',
      now,
    });
    if (next)
      await callQueries.insertSignal(trx, {
        callId: row.id,
        senderId: userId,
        recipientId: otherId,
        kind: options.accept ? 'accept' : 'decline',
        data: null,
        now,
      });
    return next;
  });
  if (!updated) throw new AppError('CONFLICT', CALL_NOT_RINGING);
  return toCall(updated);
}

/** An offer, an answer or an ICE candidate for the other party of a call under way (nothing else receives it). */
export async function signalCall(options: {
  db: Database;
  userId: string;
  signal: TCallSignalRequest;
  now: Date;
}): Promise<void> {
  const { db, userId, signal } = options;
  const { row, otherId } = await requireParty(db, signal.call_id, userId);
  if (row.status !== 'active') throw new AppError('CONFLICT', CALL_NOT_ACTIVE);
  await callQueries.insertSignal(db, {
    callId: row.id,
    senderId: userId,
    recipientId: otherId,
    kind: signal.kind,
    data: signal.data,
    now: options.now,
  });
}

/**
 * Either party ends the call: one under way is ended (its length counts from the answer); one still ringing is
 * missed when its caller gives up (or it timed out) and declined when its callee does. The other party is told
 * (`hangup`), and the call's offers, answers and candidates are deleted. A call already over is returned as is.
 */
export async function endCall(options: { db: Database; userId: string; callId: string; now: Date }) {
  const { db, userId, now } = options;
  const { row, otherId } = await requireParty(db, options.callId, userId);
  const to = row.status === 'active' ? 'ended' : row.caller_id === userId ? 'missed' : 'declined';
  const updated = await db.transaction().execute(async (trx) => {
    const next = await callQueries.updateCallStatus(trx, {
      id: row.id,
      from: ['ringing', 'active'],
      to,
      now,
    });
    if (!next) return null;
    await callQueries.deleteNegotiation(trx, row.id);
    await callQueries.insertSignal(trx, {
      callId: row.id,
      senderId: userId,
      recipientId: otherId,
      kind: 'hangup',
      data: null,
      now,
    });
    return next;
  });
  if (updated) {
    if (to === 'missed') await tell.callMissed(db, { callerId: row.caller_id, calleeId: otherId, now });
    return toCall(updated);
  }
  const current = await callQueries.findCall(db, row.id);
  if (!current) throw new AppError('NOT_FOUND', CALL_NOT_FOUND);
  return toCall(current);
}

/**
 * A party's call page is still there (every CALL_HEARTBEAT_MS while the call is under way): a call only ends on
 * its own once both pages have fallen silent. Answers the call as it is now, so a page that missed the other's
 * hang-up (its live stream was reconnecting) learns the call is over.
 */
export async function heartbeatCall(options: { db: Database; userId: string; callId: string; now: Date }) {
  const { db, userId, now } = options;
  const { row } = await requireParty(db, options.callId, userId);
  await closeStaleCalls(db, now);
  const touched = await callQueries.touchCall(db, { id: row.id, userId, now });
  if (touched) return toCall(touched);
  const current = await callQueries.findCall(db, row.id);
  if (!current) throw new AppError('NOT_FOUND', CALL_NOT_FOUND);
  return toCall(current);
}

/**
 * TURN credentials in the TURN REST API's scheme (coturn's `use-auth-secret`): the username is the expiry (Unix
 * seconds) and the member, the credential the base64 HMAC-SHA1 of the username with the shared secret. The TURN
 * server checks both without asking us; past the expiry it refuses them.
 */
export function turnCredentials(options: {
  secret: string;
  userId: string;
  now: Date;
  ttlSeconds?: number;
}): { username: string; credential: string; expires_at: Date } {
  const expiry =
    Math.floor(options.now.getTime() / 1000) + (options.ttlSeconds ?? TURN_CREDENTIAL_TTL_SECONDS);
  const username = `${expiry}:${options.userId}`;
  const credential = createHmac('sha1', options.secret).update(username).digest('base64');
  return { username, credential, expires_at: new Date(expiry * 1000) };
}

/**
 * The ICE servers for one member's call: the configured ones, TURN entries with credentials minted now for
 * `ttlSeconds`; with `ttlSeconds` null (a call that is over) no TURN entry at all, so no relay is ever opened for
 * it (docs/security.md, F31).
 */
export function iceServersFor(
  config: CallConfig,
  userId: string,
  now: Date,
  ttlSeconds: number | null = TURN_CREDENTIAL_TTL_SECONDS,
): TIceServer[] {
  return config.iceServers.flatMap((server) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    const turn = urls.some((url) => /^turns?:/i.test(url));
    if (!turn) return [server];
    if (ttlSeconds === null) return [];
    if (!config.turnSecret || server.username) return [server];
    const { username, credential } = turnCredentials({ secret: config.turnSecret, userId, now, ttlSeconds });
    return [{ ...server, username, credential }];
  });
}

/**
 * How long a call's TURN credentials last: its expected length (TURN_CREDENTIAL_TTL_SECONDS), plus the rest of its
 * ring while it rings; null for a call that is over.
 */
function turnTtlFor(row: Row, now: Date): number | null {
  if (row.status === 'active') return TURN_CREDENTIAL_TTL_SECONDS;
  if (row.status !== 'ringing') return null;
  const ringEnds = new Date(row.created_at).getTime() + CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS;
  return TURN_CREDENTIAL_TTL_SECONDS + Math.max(0, Math.ceil((ringEnds - now.getTime()) / 1000));
}

/** What the call page needs: the call (a party only) and its ICE servers. */
export async function getCallSession(options: {
  db: Database;
  userId: string;
  callId: string;
  config: CallConfig;
  now: Date;
}) {
  const { db, userId, now } = options;
  await closeStaleCalls(db, now);
  const { row } = await requireParty(db, options.callId, userId);
  return {
    call: toCall(row),
    ice_servers: iceServersFor(options.config, userId, now, turnTtlFor(row, now)),
    ring_timeout_ms: CALL_RING_TIMEOUT_MS,
  };
}

/** The calls between the member and `otherId` (their thread shows them as events), oldest first. */
export async function listCallsWith(options: { db: Database; userId: string; otherId: string; now: Date }) {
  const { db, userId, otherId, now } = options;
  const other = await memberQueries.findReachableMember(db, { viewerId: userId, userId: otherId });
  if (!other) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  await closeStaleCalls(db, now);
  const rows = await callQueries.listCallsBetween(db, { a: userId, b: otherId, since: null });
  return { calls: rows.reverse().map(toCall) };
}

/**
 * A block between the two ends their calls still ringing or under way, in the block's transaction: status ended,
 * the negotiation deleted, a hang-up to each party (it passes the block: findSignalFor), so both pages close
 * (docs/security.md, F30).
 */
export async function endCallsBetween(db: Database, options: { a: string; b: string; now: Date }) {
  const ended = await callQueries.endLiveCallsBetween(db, options);
  await callQueries.deleteNegotiation(
    db,
    ended.map((call) => call.id),
  );
  for (const call of ended) {
    for (const [from, to] of [
      [call.caller_id, call.callee_id],
      [call.callee_id, call.caller_id],
    ] as const) {
      await callQueries.insertSignal(db, {
        callId: call.id,
        senderId: from,
        recipientId: to,
        kind: 'hangup',
        data: null,
        now: options.now,
      });
    }
  }
  return ended.map(toCall);
}

/** Whether the member may call `otherId` now (the call buttons), without saying why not. */
export async function mayCall(options: { db: Database; userId: string; otherId: string }) {
  try {
    await requireCallable(options.db, options.userId, options.otherId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}
