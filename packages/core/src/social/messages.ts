import {
  callQueries,
  friendQueries,
  introductionQueries,
  memberQueries,
  messageQueries,
  notificationQueries,
  sessionQueries,
  type Database,
} from '@rhema/db';
import type { RateLimitStore } from '@rhema/auth';
import {
  CALL_RING_TIMEOUT_MS,
  formatLivePosition,
  parseLivePosition,
  type TCallSignalKind,
  type TLiveMessageEvent,
  type TMessage,
} from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { takeMessageLimits, takeTypingLimits } from '../rate-limit/member-writes';
import { MEMBER_NOT_FOUND } from './friends';
import type { MessageHub } from './message-hub';
import { memberProfiles } from './profiles';
import * as tell from '../notifications/events';

// Messages between members (the product's safety rule: messaging needs both parties to accept the friend
// request; an accepted introduction between them is that mutual acceptance too).
export const THREAD_PAGE_SIZE = 50;
export const NOT_FRIENDS_MESSAGE =
  'You can message a member once you have both accepted a friend request or an introduction.';

type Row = Awaited<ReturnType<typeof messageQueries.insertMessage>>;
export const SIGNED_OUT_MESSAGE = 'Please sign in to continue.';
export const SERVER_RESTARTING_MESSAGE = 'The server is restarting; reconnecting.';

function toMessage(row: Row): TMessage {
  return {
    _id: String(row.id),
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    body: row.body,
    created_at: new Date(row.created_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}

/** The other member if the viewer may still see them (blocked, suspended, erased: the same NOT_FOUND). */
async function requireReachable(db: Database, userId: string, otherId: string) {
  const other = await memberQueries.findReachableMember(db, { viewerId: userId, userId: otherId });
  if (!other) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return other;
}

/** Both accepted each other: a friend request, or an introduction (the consultants' way to the same consent). */
export async function mayMessage(db: Database, a: string, b: string): Promise<boolean> {
  return (await friendQueries.areFriends(db, a, b)) || introductionQueries.acceptedBetween(db, a, b);
}

/**
 * Sends a message: only between members who both accepted (a friend request or an introduction), 1 to 2,000
 * characters (the schema says so), within the message limits (takeMessageLimits).
 */
export async function sendMessage(options: {
  db: Database;
  rateLimitStore: RateLimitStore;
  userId: string;
  otherId: string;
  body: string;
  now: Date;
}) {
  await requireReachable(options.db, options.userId, options.otherId);
  if (!(await mayMessage(options.db, options.userId, options.otherId))) {
    throw new AppError('FORBIDDEN', NOT_FRIENDS_MESSAGE);
  }
  // a burst and an hour per sender, an hour per pair (docs/security.md, F25): 429 with the limit in its words
  await takeMessageLimits(options, options.userId, options.otherId);
  const row = await messageQueries.insertMessage(options.db, {
    senderId: options.userId,
    recipientId: options.otherId,
    body: options.body,
    now: options.now,
  });
  await tell.messageSent(options.db, {
    senderId: options.userId,
    recipientId: options.otherId,
    now: options.now,
  });
  return toMessage(row);
}

/** One page of a thread, oldest first, and what the other member sent is marked read. */
export async function getThread(options: {
  db: Database;
  userId: string;
  otherId: string;
  before?: number;
  now: Date;
}) {
  await requireReachable(options.db, options.userId, options.otherId);
  const rows = await messageQueries.listThread(options.db, {
    a: options.userId,
    b: options.otherId,
    before: options.before,
    limit: THREAD_PAGE_SIZE,
  });
  await messageQueries.markRead(options.db, { to: options.userId, from: options.otherId, now: options.now });
  const [member] = await memberProfiles({
    db: options.db,
    ids: [options.otherId],
    viewerId: options.userId,
    now: options.now,
  });
  if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return {
    member,
    can_send: await mayMessage(options.db, options.userId, options.otherId),
    messages: rows.reverse().map(toMessage),
    has_older: rows.length === THREAD_PAGE_SIZE,
  };
}

/** The conversation list: the newest message per member, unread counts, most recent first. */
export async function listConversations(options: { db: Database; userId: string; now: Date }) {
  const rows = await messageQueries.listConversations(options.db, options.userId);
  const profiles = await memberProfiles({
    db: options.db,
    ids: rows.map((r) => r.other_id),
    viewerId: options.userId,
    now: options.now,
  });
  const byId = new Map(profiles.map((p) => [p._id, p]));
  const conversations = rows.flatMap((r) => {
    const member = byId.get(r.other_id);
    if (!member) return [];
    return [
      {
        _id: member._id,
        member,
        last_message: {
          _id: String(r.id),
          from_me: r.sender_id === options.userId,
          body: r.body,
          created_at: new Date(r.created_at).toISOString(),
        },
        unread: Number(r.unread),
      },
    ];
  });
  return { conversations, unread_total: conversations.reduce((sum, c) => sum + c.unread, 0) };
}

/**
 * Tells `otherId` that the member is typing to them (docs/decisions/087-read-receipts-and-typing.md): only to a
 * member they may message, nothing stored, and a member's notices past one a second (TYPING_NOTICE_GAP_MS) are
 * dropped without an error, since a late or lost typing notice harms nobody.
 */
export async function announceTyping(options: {
  db: Database;
  rateLimitStore: RateLimitStore;
  hub: MessageHub;
  userId: string;
  otherId: string;
  now: Date;
}): Promise<void> {
  await requireReachable(options.db, options.userId, options.otherId);
  if (!(await mayMessage(options.db, options.userId, options.otherId))) {
    throw new AppError('FORBIDDEN', NOT_FRIENDS_MESSAGE);
  }
  // the process's one-a-second drop below holds one instance only; the limits hold across them (F25)
  await takeTypingLimits(options, options.userId, options.otherId);
  if (!options.hub.mayAnnounceTyping(options.userId, options.now)) return;
  await messageQueries.announceTyping(options.db, { from: options.userId, to: options.otherId });
}

/** The session still stands and its member is still active (a suspension deletes the sessions). */
async function sessionStands(db: Database, sessionId: string, userId: string, now: () => Date) {
  const session = await sessionQueries.findSessionWithUser(db, sessionId);
  return (
    session !== undefined &&
    session.user_id === userId &&
    session.status === 'active' &&
    new Date(session.expires_at).getTime() > now().getTime()
  );
}

/** How many missed messages one query reads while catching up (it pages on until none are left). */
export const LIVE_CATCH_UP_PAGE = 100;

const maxId = (a: bigint, b: bigint) => (a > b ? a : b);

/** A call signal row as the live stream sends it. */
function toCallEvent(signal: Awaited<ReturnType<typeof callQueries.findSignalFor>> & {}): TLiveMessageEvent {
  return {
    type: 'call',
    call_id: signal.call_id,
    from: signal.sender_id,
    signal: signal.kind as TCallSignalKind,
    payload: signal.data,
  };
}

/**
 * The member's live messages: `ready` once listening, then every new message they sent or received,
 * read through the visibility rule at delivery (a blocked pair, a suspended or erased member: nothing). Ends when
 * `signal` aborts; a session that ended (sign-out, suspension, expiry) ends it with UNAUTHORIZED at its next
 * event; the hub closing (the server shuts down) ends it with UNAVAILABLE, which clients retry elsewhere.
 *
 * Each event comes with the stream's `position` (docs/decisions/086-live-messages-catch-up.md,
 * 217-live-call-signals-catch-up.md): the newest message id and the newest call signal id it delivered. A client
 * that reconnects with its last position as `lastEventId` first gets the messages written after it, oldest first,
 * then `ready`, then the call signals addressed to it after it (of calls still ringing or under way, and the
 * hang-up or decline of one that ended meanwhile); the subscription listens before it reads them, so nothing falls
 * between, and a notice of a message or signal the catch-up covered is skipped, so nothing comes twice. A message
 * id alone (old app builds) resumes messages only: its signals start at the newest, as a stream that opens.
 */
export async function* liveMessages(options: {
  db: Database;
  hub: MessageHub;
  userId: string;
  sessionId: string;
  now: () => Date;
  signal?: AbortSignal;
  lastEventId?: string | null | undefined;
  /** also yield `notifications` events (the bell's count) */
  notifications?: boolean | undefined;
}): AsyncGenerator<{ position: string; event: TLiveMessageEvent }> {
  const { db, userId } = options;
  const events = await options.hub.subscribe(userId, options.signal);
  const resumed = options.lastEventId ? parseLivePosition(options.lastEventId) : null;
  let position = resumed?.message ?? 0n;
  // the call signal part: where a resumed stream left off, or (a stream that opens, or resumes from a message id
  // alone) the newest signal already addressed to the member, read after listening
  let signalPosition = resumed?.signal ?? BigInt((await callQueries.newestSignalIdFor(db, userId)) ?? 0);
  const at = () => formatLivePosition({ message: position, signal: signalPosition });
  if (resumed) {
    for (;;) {
      const rows = await messageQueries.listVisibleMessagesAfter(db, {
        viewerId: userId,
        afterId: String(position),
        limit: LIVE_CATCH_UP_PAGE,
      });
      const unread = rows.length ? await messageQueries.countUnread(db, userId) : 0;
      for (const row of rows) {
        position = BigInt(row.id);
        yield {
          position: at(),
          event: { type: 'message', message: toMessage(row), unread_total: unread },
        };
      }
      if (rows.length < LIVE_CATCH_UP_PAGE) break;
    }
  }
  // a notice of a message up to here was answered by the catch-up
  const caughtUpTo = position;
  // `ready`: the client re-reads what is on screen, which then holds every message written so far
  const ready = async () => {
    position = maxId(position, BigInt((await messageQueries.newestVisibleMessageId(db, userId)) ?? 0));
    const event: TLiveMessageEvent = {
      type: 'ready',
      unread_total: await messageQueries.countUnread(db, userId),
    };
    return { position: at(), event };
  };
  // the bell's count with each `ready`: the client re-reads nothing for it (its page came with the count, and a
  // notification written since shows here), as `ready`'s unread_total does for messages
  const bell = async () => ({
    position: at(),
    event: {
      type: 'notifications',
      unread: await notificationQueries.countUnread(db, userId),
    } satisfies TLiveMessageEvent,
  });
  yield await ready();
  if (options.notifications) yield await bell();
  // the signals the member missed, oldest first. A resumed stream: every one after its position. Otherwise the
  // rings up to where its signals start (a call that rang before this stream listened still rings here: its ring
  // went out to nobody); a later one comes live. Nothing on screen re-reads signals, so `ready` moves no signal part.
  const ringingSince = new Date(options.now().getTime() - CALL_RING_TIMEOUT_MS);
  const signalsFrom = resumed?.signal ?? null;
  const signalsUpTo = signalPosition;
  for (let after = signalsFrom ?? 0n; ;) {
    const rows = await callQueries.listSignalsFor(db, {
      viewerId: userId,
      afterId: String(after),
      ringingSince,
      limit: LIVE_CATCH_UP_PAGE,
      ...(signalsFrom === null ? { upToId: String(signalsUpTo), kinds: ['ring' as const] } : {}),
    });
    for (const row of rows) {
      after = BigInt(row.id);
      signalPosition = maxId(signalPosition, after);
      yield { position: at(), event: toCallEvent(row) };
    }
    if (rows.length < LIVE_CATCH_UP_PAGE) break;
  }
  // a resumed stream: a notice of a signal up to here was sent above, or before the reconnect, or left out above
  const signalsCaughtUpTo = signalPosition;
  for await (const notice of events) {
    if (!(await sessionStands(db, options.sessionId, userId, options.now))) {
      throw new AppError('UNAUTHORIZED', SIGNED_OUT_MESSAGE);
    }
    if (notice.type === 'resync') {
      yield await ready();
      if (options.notifications) yield await bell();
      continue;
    }
    if (notice.type === 'notifications') {
      if (!options.notifications) continue;
      // the bell's count (packages/core/src/notifications/centre.ts); moves no position, each `ready` sends it again
      yield await bell();
      continue;
    }
    if (notice.type === 'call') {
      const covered = BigInt(notice.id) <= signalsCaughtUpTo;
      if (covered && signalsFrom !== null) continue;
      // read through the visibility rule: a block, a suspension or an erase since delivers nothing
      const signal = await callQueries.findSignalFor(db, { id: notice.id, viewerId: userId });
      if (!signal) continue;
      // a stream that opened re-sent the rings up to its start; another signal written while it opened comes now
      if (covered && signal.kind === 'ring') continue;
      signalPosition = maxId(signalPosition, BigInt(signal.id));
      yield { position: at(), event: toCallEvent(signal) };
      continue;
    }
    if (notice.type !== 'message') {
      const other = notice.sender_id === userId ? notice.recipient_id : notice.sender_id;
      // a block, a suspension or an erase since: nothing (as for messages)
      if (!(await memberQueries.findReachableMember(db, { viewerId: userId, userId: other }))) continue;
      // these move no position: a client that reconnects re-reads the thread on `ready`, read marks included
      if (notice.type === 'typing') {
        yield { position: at(), event: { type: 'typing', user_id: notice.sender_id } };
        continue;
      }
      yield {
        position: at(),
        event: {
          type: 'read',
          reader_id: notice.recipient_id,
          sender_id: notice.sender_id,
          up_to: notice.id,
          unread_total: await messageQueries.countUnread(db, userId),
        },
      };
      continue;
    }
    if (BigInt(notice.id) <= caughtUpTo) continue;
    const row = await messageQueries.findVisibleMessage(db, { id: notice.id, viewerId: userId });
    if (!row) continue;
    // two messages can commit in the other order than their ids: the position only moves forward
    position = maxId(position, BigInt(row.id));
    yield {
      position: at(),
      event: {
        type: 'message',
        message: toMessage(row),
        unread_total: await messageQueries.countUnread(db, userId),
      },
    };
  }
  // the hub closed under a subscriber still connected: the server is shutting down. A retryable error (503) makes
  // the client's EventSource reconnect, to another instance behind the load balancer.
  if (!options.signal?.aborted) throw new AppError('UNAVAILABLE', SERVER_RESTARTING_MESSAGE);
}
