import { friendQueries, memberQueries, type Database } from '@rhema/db';
import {
  birthDateRange,
  MEMBERS_PAGE_SIZE,
  paginatorFor,
  type TMemberSearchPreferences,
  type TSavedMemberSearchPreferences,
} from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { profileShownTo } from '../profiles/visibility';
import { mayCall } from './calls';
import { friendStateWith, MEMBER_NOT_FOUND } from './friends';
import { memberProfiles } from './profiles';

// The members list at /members (where members "choose a person in the app's members list"). Hidden,
// suspended, blocked and terminated members, and staff, never appear (packages/db/src/queries/visibility.ts).

export async function listMembers(options: {
  db: Database;
  userId: string;
  filters: {
    community?: string;
    country_code?: string;
    gender?: string;
    min_age?: number;
    max_age?: number;
    verified_only?: boolean;
    name?: string;
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
    nameContains: filters.name || undefined,
    bornOnOrBefore: range.bornOnOrBefore,
    bornAfter: range.bornAfter,
    verifiedOnly: filters.verified_only,
    limit: MEMBERS_PAGE_SIZE,
    offset: (filters.page - 1) * MEMBERS_PAGE_SIZE,
  });
  const data = await memberProfiles({ db: options.db, ids, viewerId: options.userId, now: options.now });
  return { data, paginator: paginatorFor({ page: filters.page, pageSize: MEMBERS_PAGE_SIZE, total }) };
}

/**
 * One member's profile page and the viewer's relation with them. A hidden profile is shown only to someone who
 * already has a request or friendship with them, a paused one to nobody; everyone else gets the same NOT_FOUND
 * as an unknown id (docs/decisions/172-profile-visibility.md).
 */
export async function getMember(options: { db: Database; userId: string; memberId: string; now: Date }) {
  const target = await memberQueries.findReachableMember(options.db, {
    viewerId: options.userId,
    userId: options.memberId,
  });
  if (!target) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  const relation = await friendStateWith({ db: options.db, viewerId: options.userId, otherId: target.id });
  if (!profileShownTo(target.profile_visibility, relation.state))
    throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  const [profile] = await memberProfiles({
    db: options.db,
    ids: [target.id],
    viewerId: options.userId,
    now: options.now,
  });
  if (!profile) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  // the profile's call button (docs/decisions/180-video-calls.md): the calls' own rule, so the two never differ
  const can_call = await mayCall({ db: options.db, userId: options.userId, otherId: target.id });
  return { profile, relation: { ...relation, can_call } };
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

type PreferenceRow = NonNullable<Awaited<ReturnType<typeof memberQueries.findSearchPreferences>>>;

/** A stored row as the schema's shape: off filters left out, the time as ISO. */
function toPreferences(row: PreferenceRow | undefined): TSavedMemberSearchPreferences {
  if (!row) return { updated_at: null };
  return {
    ...(row.community ? { community: row.community } : {}),
    ...(row.country_code
      ? { country_code: row.country_code as TSavedMemberSearchPreferences['country_code'] }
      : {}),
    ...(row.gender ? { gender: row.gender as TSavedMemberSearchPreferences['gender'] } : {}),
    ...(row.min_age !== null ? { min_age: row.min_age } : {}),
    ...(row.max_age !== null ? { max_age: row.max_age } : {}),
    ...(row.verified_only ? { verified_only: true } : {}),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The members-list filters the member saved last (none saved: no filter, updated_at null). */
export async function getSearchPreferences(options: { db: Database; userId: string }) {
  return toPreferences(await memberQueries.findSearchPreferences(options.db, options.userId));
}

/** Saves the member's members-list filters for their next visits (an empty object clears them). */
export async function saveSearchPreferences(options: {
  db: Database;
  userId: string;
  preferences: TMemberSearchPreferences;
  now: Date;
}) {
  const { preferences } = options;
  const row = await memberQueries.saveSearchPreferences(options.db, {
    userId: options.userId,
    preferences: {
      community: preferences.community ?? null,
      country_code: preferences.country_code ?? null,
      gender: preferences.gender ?? null,
      min_age: preferences.min_age ?? null,
      max_age: preferences.max_age ?? null,
      verified_only: preferences.verified_only ?? false,
    },
    now: options.now,
  });
  return toPreferences(row);
}
