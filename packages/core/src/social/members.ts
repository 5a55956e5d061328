import { friendQueries, memberQueries, type Database } from '@rhema/db';
import { MEMBERS_PAGE_SIZE, paginatorFor } from '@rhema/schemas';
import { birthDateRange } from '../admin/paging';
import { AppError } from '../errors/app-error';
import { friendStateWith, MEMBER_NOT_FOUND } from './friends';
import { memberProfiles } from './profiles';

// The members list at /members (spec: "choose a person in the app's members list"). Hidden, suspended, blocked
// and terminated members, and staff, never appear (packages/db/src/queries/visibility.ts).

export async function listMembers(options: {
  db: Database;
  userId: string;
  filters: {
    community?: string;
    country_code?: string;
    gender?: string;
    min_age?: number;
    max_age?: number;
    page: number;
  };
  now: Date;
}) {
  const { filters } = options;
  const range = birthDateRange({ minAge: filters.min_age, maxAge: filters.max_age, today: options.now });
  const { ids, total } = await memberQueries.listMemberIds(options.db, {
    viewerId: options.userId,
    communitySlug: filters.community,
    countryCode: filters.country_code,
    gender: filters.gender,
    bornOnOrBefore: range.bornOnOrBefore,
    bornAfter: range.bornAfter,
    limit: MEMBERS_PAGE_SIZE,
    offset: (filters.page - 1) * MEMBERS_PAGE_SIZE,
  });
  const data = await memberProfiles({ db: options.db, ids, viewerId: options.userId, now: options.now });
  return { data, paginator: paginatorFor({ page: filters.page, pageSize: MEMBERS_PAGE_SIZE, total }) };
}

/**
 * One member's profile page and the viewer's relation with them. A hidden profile is shown only to someone who
 * already has a request or friendship with them; everyone else gets the same NOT_FOUND as an unknown id.
 */
export async function getMember(options: { db: Database; userId: string; memberId: string; now: Date }) {
  const target = await memberQueries.findReachableMember(options.db, {
    viewerId: options.userId,
    userId: options.memberId,
  });
  if (!target) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  const relation = await friendStateWith({ db: options.db, viewerId: options.userId, otherId: target.id });
  if (!target.is_profile_public && relation.state === 'none')
    throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  const [profile] = await memberProfiles({
    db: options.db,
    ids: [target.id],
    viewerId: options.userId,
    now: options.now,
  });
  if (!profile) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return { profile, relation };
}

/** The viewer's friend requests and friends, each with the other member's profile, and the 24-hour quota. */
export async function getFriends(options: { db: Database; userId: string; now: Date }) {
  const rows = await friendQueries.listForMember(options.db, options.userId);
  const profiles = await memberProfiles({
    db: options.db,
    ids: rows.map((r) => r.other_id),
    viewerId: options.userId,
    now: options.now,
  });
  const byId = new Map(profiles.map((p) => [p._id, p]));
  const entries = rows.flatMap((r) => {
    const member = byId.get(r.other_id);
    if (!member) return [];
    return [
      {
        _id: r.id,
        status: r.status as 'pending' | 'accepted',
        direction: r.requester_id === options.userId ? ('outgoing' as const) : ('incoming' as const),
        created_at: new Date(r.created_at).toISOString(),
        member,
      },
    ];
  });
  return {
    incoming: entries.filter((e) => e.status === 'pending' && e.direction === 'incoming'),
    outgoing: entries.filter((e) => e.status === 'pending' && e.direction === 'outgoing'),
    friends: entries.filter((e) => e.status === 'accepted'),
  };
}
