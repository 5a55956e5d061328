import { sql } from 'kysely';
import type { Database } from '../create-db';
import { reachableMember } from './visibility';

export interface MemberFilters {
  viewerId: string;
  communitySlug?: string;
  countryCode?: string;
  gender?: string;
  /** born on or before (the minimum age) */
  bornOnOrBefore?: string;
  /** born after (the maximum age) */
  bornAfter?: string;
  limit: number;
  offset: number;
}

/** One page of the members list (ids, newest members first) and the total, filters applied in SQL. */
export async function listMemberIds(db: Database, filters: MemberFilters) {
  let base = db.selectFrom('users as u').where(reachableMember(filters.viewerId, 'u', { listed: true }));
  if (filters.countryCode) base = base.where('u.country_code', '=', filters.countryCode);
  if (filters.gender) base = base.where('u.gender', '=', filters.gender);
  if (filters.bornOnOrBefore) base = base.where('u.date_of_birth', '<=', filters.bornOnOrBefore);
  if (filters.bornAfter) base = base.where('u.date_of_birth', '>', filters.bornAfter);
  if (filters.communitySlug) {
    const slug = filters.communitySlug;
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('community_memberships as m')
          .innerJoin('communities as c', 'c.id', 'm.community_id')
          .select(sql`1`.as('one'))
          .whereRef('m.user_id', '=', 'u.id')
          .where('c.slug', '=', slug),
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
    .select(['u.id', 'u.first_name', 'u.is_profile_public'])
    .where('u.id', '=', options.userId)
    .where(reachableMember(options.viewerId, 'u'))
    .executeTakeFirst();
}
