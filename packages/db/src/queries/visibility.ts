import { sql, type Expression, type SqlBool } from 'kysely';

// Who a member may see of another member (issue 11): one definition, used by the members list, community pages,
// friend requests and message threads, so a block or a suspension takes effect everywhere in the same query.

/** A block in either direction between the viewer and the user at `otherId` (a column reference such as 'u.id'). */
export function blockedEitherWay(viewerId: string, otherId: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM blocks b
    WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${sql.ref(otherId)})
       OR (b.blocker_id = ${sql.ref(otherId)} AND b.blocked_id = ${viewerId})
  )`;
}

/**
 * The user at `alias` (a `users` alias) is an active member the viewer may deal with: not staff, not suspended or
 * terminated, not the viewer, not blocked either way. `listed` adds the members-list rule: hidden profiles
 * (is_profile_public false) are not listed, though existing friends and threads keep them.
 */
export function reachableMember(viewerId: string, alias: string, options: { listed?: boolean } = {}) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${col('role')} = 'member' AND ${col('status')} = 'active' AND ${col('id')} <> ${viewerId}
    ${options.listed ? sql`AND ${col('is_profile_public')}` : sql``}
    AND NOT ${blockedEitherWay(viewerId, `${alias}.id`)})`;
}
