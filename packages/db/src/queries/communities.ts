import { sql } from 'kysely';
import type { Database } from '../create-db';
import { membershipShown, reachableMember } from './visibility';

const memberCount = sql<string>`(SELECT count(*) FROM community_memberships m
  JOIN users mu ON mu.id = m.user_id
  WHERE m.community_id = c.id AND mu.status = 'active' AND mu.role = 'member')`;

/** The directory: every community with its active member count and whether the viewer belongs to it. */
export async function listCommunities(db: Database, options: { viewerId: string; kind?: string }) {
  let query = db
    .selectFrom('communities as c')
    .select([
      'c.id',
      'c.slug',
      'c.name',
      'c.kind',
      'c.description',
      memberCount.as('member_count'),
      sql<boolean>`EXISTS (SELECT 1 FROM community_memberships j
        WHERE j.community_id = c.id AND j.user_id = ${options.viewerId})`.as('joined'),
    ])
    .orderBy('c.kind')
    .orderBy('c.name');
  if (options.kind) query = query.where('c.kind', '=', options.kind);
  return query.execute();
}

export async function findCommunityBySlug(db: Database, options: { viewerId: string; slug: string }) {
  return db
    .selectFrom('communities as c')
    .select([
      'c.id',
      'c.slug',
      'c.name',
      'c.kind',
      'c.description',
      memberCount.as('member_count'),
      sql<boolean>`EXISTS (SELECT 1 FROM community_memberships j
        WHERE j.community_id = c.id AND j.user_id = ${options.viewerId})`.as('joined'),
    ])
    .where('c.slug', '=', options.slug)
    .executeTakeFirst();
}

/** Joining twice changes nothing (the primary key); returns whether a row was added. */
export async function joinCommunity(
  db: Database,
  options: { communityId: string; userId: string; now: Date },
) {
  const result = await db
    .insertInto('community_memberships')
    .values({ community_id: options.communityId, user_id: options.userId, joined_at: options.now })
    .onConflict((oc) => oc.columns(['community_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function leaveCommunity(db: Database, options: { communityId: string; userId: string }) {
  const result = await db
    .deleteFrom('community_memberships')
    .where('community_id', '=', options.communityId)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ids of the community's members the viewer may see, newest joiners first, one page. */
export async function listCommunityMemberIds(
  db: Database,
  options: { viewerId: string; communityId: string; limit: number; offset: number },
) {
  const base = db
    .selectFrom('community_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('communities as c', 'c.id', 'm.community_id')
    .where('m.community_id', '=', options.communityId)
    .where(reachableMember(options.viewerId, 'u', { listed: true }))
    .where(membershipShown('c', 'u.id'));
  const [rows, total] = await Promise.all([
    base
      .select(['u.id'])
      .orderBy('m.joined_at', 'desc')
      .orderBy('u.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total.n) };
}
