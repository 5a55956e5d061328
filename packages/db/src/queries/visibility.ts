import { SPECIAL_CATEGORY_COMMUNITY_KINDS, SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { sql, type Expression, type SqlBool } from 'kysely';

// Who a member may see of another member: one definition, used by the members list, community pages,
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
 * A block in either direction between the users at two column references (e.g. an introduction's owner_id and
 * contact_id); false when either is NULL.
 */
export function blockedBetween(aRef: string, bRef: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM blocks b
    WHERE (b.blocker_id = ${sql.ref(aRef)} AND b.blocked_id = ${sql.ref(bRef)})
       OR (b.blocker_id = ${sql.ref(bRef)} AND b.blocked_id = ${sql.ref(aRef)})
  )`;
}

/**
 * The user at `alias` (a `users` alias) is an active member the viewer may deal with: not staff, not suspended or
 * terminated, not the viewer, not blocked either way. `listed` adds the members-list rule: only visible profiles
 * are listed (hidden and paused ones are not, though existing friends and threads keep them).
 */
export function reachableMember(viewerId: string, alias: string, options: { listed?: boolean } = {}) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${col('role')} = 'member' AND ${col('status')} = 'active' AND ${col('id')} <> ${viewerId}
    ${options.listed ? sql`AND ${col('profile_visibility')} = 'visible'` : sql``}
    AND NOT ${blockedEitherWay(viewerId, `${alias}.id`)})`;
}

/** The user at `userRef` (a column reference such as 'u.id') holds a live special-category consent. */
export function hasSpecialConsent(userRef: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM user_consents k
    WHERE k.user_id = ${sql.ref(userRef)} AND k.purpose = ${SPECIAL_CATEGORY_CONSENT.purpose}
      AND k.withdrawn_at IS NULL
  )`;
}

/**
 * Another member may see that the user at `userRef` belongs to the community at `communityAlias`: always for
 * interest and professional ones; for a faith community (special-category data) only while the user's
 * special-category consent stands, as for their faith answer.
 */
export function membershipShown(communityAlias: string, userRef: string): Expression<SqlBool> {
  const kinds = SPECIAL_CATEGORY_COMMUNITY_KINDS.map((kind) => sql.lit(kind));
  return sql<SqlBool>`(${sql.ref(`${communityAlias}.kind`)} NOT IN (${sql.join(kinds)})
    OR ${hasSpecialConsent(userRef)})`;
}
