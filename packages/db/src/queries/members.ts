import { sql } from 'kysely';
import type { Database } from '../create-db';
import { membershipShown, reachableMember } from './visibility';

export interface MemberFilters {
  viewerId: string;
  communitySlug?: string;
  countryCode?: string;
  gender?: string;
  /** part of the first name, any case */
  nameContains?: string;
  /** born on or before (the minimum age) */
  bornOnOrBefore?: string;
  /** born after (the maximum age) */
  bornAfter?: string;
  /** only members with the verified badge */
  verifiedOnly?: boolean;
  limit: number;
  offset: number;
}

/** One page of the members list (ids, newest members first) and the total, filters applied in SQL. */
export async function listMemberIds(db: Database, filters: MemberFilters) {
  let base = db.selectFrom('users as u').where(reachableMember(filters.viewerId, 'u', { listed: true }));
  if (filters.countryCode) base = base.where('u.country_code', '=', filters.countryCode);
  if (filters.gender) base = base.where('u.gender', '=', filters.gender);
  // strpos rather than ILIKE: the typed text is matched as it is, with no % or _ wildcards to escape
  if (filters.nameContains)
    base = base.where(sql<boolean>`strpos(lower(u.first_name), lower(${filters.nameContains})) > 0`);
  if (filters.bornOnOrBefore) base = base.where('u.date_of_birth', '<=', filters.bornOnOrBefore);
  if (filters.bornAfter) base = base.where('u.date_of_birth', '>', filters.bornAfter);
  // the badge's one source (packages/db/src/queries/verification.ts)
  if (filters.verifiedOnly) base = base.where('u.identity_verified_at', 'is not', null);
  if (filters.communitySlug) {
    const slug = filters.communitySlug;
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('community_memberships as m')
          .innerJoin('communities as c', 'c.id', 'm.community_id')
          .select(sql`1`.as('one'))
          .whereRef('m.user_id', '=', 'u.id')
          .where('c.slug', '=', slug)
          .where(membershipShown('c', 'u.id')),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(['u.id'])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id')
      .limit(filters.limit)
      .offset(filters.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total.n) };
}

/** The member if the viewer may see them (listed or not: a friend with a hidden profile is still reachable). */
export async function findReachableMember(db: Database, options: { viewerId: string; userId: string }) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.profile_visibility'])
    .where('u.id', '=', options.userId)
    .where(reachableMember(options.viewerId, 'u'))
    .executeTakeFirst();
}

/** A member's saved members-list filters (null fields: that filter is off); undefined when never saved. */
export async function findSearchPreferences(db: Database, userId: string) {
  return db
    .selectFrom('member_search_preferences')
    .select(['community', 'country_code', 'gender', 'min_age', 'max_age', 'verified_only', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface SearchPreferences {
  community: string | null;
  country_code: string | null;
  gender: string | null;
  min_age: number | null;
  max_age: number | null;
  verified_only: boolean;
}

/** Saves the member's filters over any earlier ones, stamped `now`; answers the row as stored. */
export async function saveSearchPreferences(
  db: Database,
  options: { userId: string; preferences: SearchPreferences; now: Date },
) {
  const values = { ...options.preferences, updated_at: options.now };
  return db
    .insertInto('member_search_preferences')
    .values({ user_id: options.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returning(['community', 'country_code', 'gender', 'min_age', 'max_age', 'verified_only', 'updated_at'])
    .executeTakeFirstOrThrow();
}
