import { matchRequestQueries, userQueries, type Database } from '@rhema/db';
import {
  MATCH_REQUEST_STATUS_LABEL,
  MATCH_REQUEST_WINDOW_MS,
  MATCH_REQUESTS_PER_24H,
  type MatchRequestStatus,
  type TMatchRequest,
  type TMatchRequestList,
  type TMemberProfile,
} from '@rhema/schemas';
import { quotaFrom, requireRemaining, type DailyQuota } from '../daily-quota';
import { AppError } from '../errors/app-error';
import { iso } from '../iso';
import { getMember } from '../social/members';
import { memberProfiles } from '../social/profiles';
import * as tell from '../notifications/events';

// A member asks the consultants to introduce them to a member they chose in the members list (the private
// matchmaking flow's steps 1-2 without leaving the product): a few a day, never to themselves, never across a
// block, one open request per member they ask for.

export type MatchRequestRow = NonNullable<Awaited<ReturnType<typeof matchRequestQueries.findRequest>>>;

/** A request's fields both the member and the console read. */
export function matchRequestFields(row: MatchRequestRow) {
  const status = row.status as MatchRequestStatus;
  return {
    _id: row.id,
    status,
    status_label: MATCH_REQUEST_STATUS_LABEL[status],
    created_at: iso(row.created_at),
    handled_at: row.handled_at === null ? null : iso(row.handled_at),
    note: row.note,
    introduction_id: row.introduction_id,
  };
}

const toMatchRequest = (row: MatchRequestRow, member: TMemberProfile): TMatchRequest => ({
  ...matchRequestFields(row),
  member,
});

async function quotaOf(db: Database, userId: string, now: Date): Promise<DailyQuota> {
  const sent = await matchRequestQueries.sentSince(db, {
    userId,
    since: new Date(now.getTime() - MATCH_REQUEST_WINDOW_MS),
  });
  return quotaFrom(sent, MATCH_REQUESTS_PER_24H, MATCH_REQUEST_WINDOW_MS);
}

/**
 * Sends the consultants a request naming `memberId`. The member must be one the asker may see (a block either way,
 * a hidden profile, a suspended member: NOT_FOUND as for an unknown id); a second open request for the same member
 * is a conflict; past the daily limit TOO_MANY_REQUESTS. Serialised per asker so parallel sends keep the limit.
 */
export async function askForIntroduction(options: {
  db: Database;
  userId: string;
  memberId: string;
  now: Date;
}): Promise<{ request: TMatchRequest; quota: DailyQuota }> {
  const { userId, memberId, now } = options;
  if (memberId === userId) {
    throw new AppError('BAD_REQUEST', 'You cannot ask for an introduction to yourself.', {
      field: 'user_id',
    });
  }
  return options.db.transaction().execute(async (trx) => {
    await userQueries.lockMember(trx, userId);
    const { profile } = await getMember({ db: trx, userId, memberId, now });
    const quota = await quotaOf(trx, userId, now);
    requireRemaining(quota, now, 'requests for an introduction');
    const inserted = await matchRequestQueries.insertRequest(trx, { requesterId: userId, memberId, now });
    if (!inserted) {
      throw new AppError(
        'CONFLICT',
        `You have already asked our consultants to introduce you to ${profile.first_name}. They will be in touch.`,
      );
    }
    const sent = await quotaOf(trx, userId, now);
    await tell.staffMatchRequest(trx, { requesterId: userId, now });
    return { request: toMatchRequest(inserted, profile), quota: sent };
  });
}

/** The member's requests (newest first) with the member each names, and what is left of today's allowance. */
export async function listMyMatchRequests(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<TMatchRequestList> {
  const rows = await matchRequestQueries.listByRequester(options.db, options.userId);
  const profiles = await memberProfiles({
    db: options.db,
    ids: rows.map((r) => r.member_id),
    viewerId: options.userId,
    now: options.now,
  });
  const byId = new Map(profiles.map((p) => [p._id, p]));
  const data = rows.flatMap((row) => {
    const member = byId.get(row.member_id);
    return member ? [toMatchRequest(row, member)] : [];
  });
  return { data, quota: await quotaOf(options.db, options.userId, options.now) };
}
