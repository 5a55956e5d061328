import { friendQueries, memberQueries, userQueries, type Database } from '@rhema/db';
import {
  FRIEND_REQUEST_WINDOW_MS,
  FRIEND_REQUESTS_PER_24H,
  type FriendState,
  type TFriendQuota,
} from '@rhema/schemas';
import { quotaFrom as dailyQuota, requireRemaining } from '../daily-quota';
import { AppError } from '../errors/app-error';
import { profileShownTo } from '../profiles/visibility';
import * as tell from '../notifications/events';

// Friend requests: a limit per 24 hours, and messaging only once both accepted (the product's safety rules).

export const MEMBER_NOT_FOUND = 'We could not find that member.';
export const REQUEST_NOT_FOUND = 'We could not find that friend request.';

type Row = NonNullable<Awaited<ReturnType<typeof friendQueries.findRequest>>>;

const quotaFrom = (sent: Date[]): TFriendQuota =>
  dailyQuota(sent, FRIEND_REQUESTS_PER_24H, FRIEND_REQUEST_WINDOW_MS);

/** How many requests the member may still send, and when the oldest of the last 24 hours stops counting. */
export async function getFriendQuota(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<TFriendQuota> {
  const sent = await friendQueries.sentSince(options.db, {
    userId: options.userId,
    since: new Date(options.now.getTime() - FRIEND_REQUEST_WINDOW_MS),
  });
  return quotaFrom(sent);
}

export function toFriendRequest(row: Row | Omit<Row, 'responded_at'>) {
  return {
    _id: row.id,
    requester_id: row.requester_id,
    addressee_id: row.addressee_id,
    status: row.status as 'pending' | 'accepted' | 'declined' | 'cancelled',
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * Sends a request. Sending again while one is pending answers the same request; a request the other member sent
 * first, or an existing friendship, is a conflict. The 24-hour limit counts every request sent (cancelled ones
 * too), serialised per sender by a row lock so that parallel sends cannot pass it.
 */
export async function sendFriendRequest(options: {
  db: Database;
  userId: string;
  targetId: string;
  now: Date;
}) {
  const { userId, targetId, now } = options;
  return options.db.transaction().execute(async (trx) => {
    await userQueries.lockMember(trx, userId);
    const target = await memberQueries.findReachableMember(trx, { viewerId: userId, userId: targetId });
    if (!target) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    const live = await friendQueries.findLiveBetween(trx, userId, targetId);
    // a hidden or paused member is asked by nobody new: the same answer as their profile page gives
    if (!live && !profileShownTo(target.profile_visibility, 'none'))
      throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    const since = new Date(now.getTime() - FRIEND_REQUEST_WINDOW_MS);
    if (live?.status === 'accepted')
      throw new AppError('CONFLICT', `You and ${target.first_name} are already friends.`);
    if (live && live.requester_id === targetId) {
      throw new AppError(
        'CONFLICT',
        `${target.first_name} has already sent you a request: accept it instead.`,
      );
    }
    if (live) {
      const sent = await friendQueries.sentSince(trx, { userId, since });
      return { request: toFriendRequest(live), quota: quotaFrom(sent) };
    }
    const sent = await friendQueries.sentSince(trx, { userId, since });
    requireRemaining(quotaFrom(sent), now, 'friend requests');
    const inserted = await friendQueries.insertRequest(trx, {
      requesterId: userId,
      addresseeId: targetId,
      now,
    });
    if (!inserted)
      throw new AppError(
        'CONFLICT',
        `${target.first_name} has already sent you a request: accept it instead.`,
      );
    await tell.friendRequested(trx, { requesterId: userId, addresseeId: targetId, now });
    return { request: toFriendRequest(inserted), quota: quotaFrom([...sent, now]) };
  });
}

type Answer = 'accept' | 'decline' | 'cancel';
const MOVES: Record<Answer, { to: string; by: 'addressee' | 'requester' }> = {
  accept: { to: 'accepted', by: 'addressee' },
  decline: { to: 'declined', by: 'addressee' },
  cancel: { to: 'cancelled', by: 'requester' },
};

/**
 * Accept or decline (the addressee) or cancel (the requester) a pending request. Anyone else, and a request
 * whose other side is blocked or gone, gets the same NOT_FOUND as an unknown id. Repeating the same answer
 * answers the same request; a different answer after the first is a conflict.
 */
export async function answerFriendRequest(options: {
  db: Database;
  userId: string;
  requestId: string;
  answer: Answer;
  now: Date;
}) {
  const move = MOVES[options.answer];
  const row = await friendQueries.findRequest(options.db, options.requestId);
  const actor = row && (move.by === 'addressee' ? row.addressee_id : row.requester_id);
  if (!row || actor !== options.userId) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
  const otherId = row.requester_id === options.userId ? row.addressee_id : row.requester_id;
  const other = await memberQueries.findReachableMember(options.db, {
    viewerId: options.userId,
    userId: otherId,
  });
  if (!other) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
  if (row.status === move.to) return toFriendRequest(row);
  const moved = await friendQueries.transition(options.db, {
    id: row.id,
    from: 'pending',
    to: move.to,
    now: options.now,
  });
  if (moved) {
    if (move.to === 'accepted')
      await tell.friendAccepted(options.db, {
        requesterId: moved.requester_id,
        addresseeId: moved.addressee_id,
        now: options.now,
      });
    return toFriendRequest(moved);
  }
  const current = await friendQueries.findRequest(options.db, row.id);
  if (current?.status === move.to) return toFriendRequest(current);
  throw new AppError('CONFLICT', `This request was already ${current?.status ?? 'answered'}.`);
}

/** The viewer's side of their relation with another member, for the profile page's buttons. */
export async function friendStateWith(options: {
  db: Database;
  viewerId: string;
  otherId: string;
}): Promise<{ state: FriendState; request_id: string | null }> {
  const live = await friendQueries.findLiveBetween(options.db, options.viewerId, options.otherId);
  if (!live) return { state: 'none', request_id: null };
  if (live.status === 'accepted') return { state: 'friends', request_id: live.id };
  return { state: live.requester_id === options.viewerId ? 'outgoing' : 'incoming', request_id: live.id };
}
