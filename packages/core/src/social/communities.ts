import type { RateLimitStore } from '@rhema/auth';
import { communityQueries, consentQueries, type Database } from '@rhema/db';
import {
  isSpecialCategoryCommunity,
  MEMBERS_PAGE_SIZE,
  paginatorFor,
  SPECIAL_CATEGORY_CONSENT,
  type TCommunity,
} from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { takeCommunityLimits } from '../rate-limit/member-writes';
import { memberProfiles } from './profiles';

// Micro-communities ("interest, faith or professional groups that they can join or leave at any time").
const COMMUNITY_NOT_FOUND = 'We could not find that community.';

type CommunityRow = NonNullable<Awaited<ReturnType<typeof communityQueries.findCommunityBySlug>>>;

function toCommunity(row: CommunityRow): TCommunity {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind as TCommunity['kind'],
    description: row.description,
    member_count: Number(row.member_count),
    joined: Boolean(row.joined),
  };
}

export async function listCommunities(options: { db: Database; userId: string; kind?: string }) {
  const rows = await communityQueries.listCommunities(options.db, {
    viewerId: options.userId,
    kind: options.kind,
  });
  return rows.map(toCommunity);
}

async function requireCommunity(db: Database, userId: string, slug: string) {
  const row = await communityQueries.findCommunityBySlug(db, { viewerId: userId, slug });
  if (!row) throw new AppError('NOT_FOUND', COMMUNITY_NOT_FOUND);
  return row;
}

/** A community's page: its description and one page of the members the viewer may see. */
export async function getCommunity(options: {
  db: Database;
  userId: string;
  slug: string;
  page: number;
  now: Date;
}) {
  const row = await requireCommunity(options.db, options.userId, options.slug);
  const { ids, total } = await communityQueries.listCommunityMemberIds(options.db, {
    viewerId: options.userId,
    communityId: row.id,
    limit: MEMBERS_PAGE_SIZE,
    offset: (options.page - 1) * MEMBERS_PAGE_SIZE,
  });
  const members = await memberProfiles({ db: options.db, ids, viewerId: options.userId, now: options.now });
  return {
    community: toCommunity(row),
    members: {
      data: members,
      paginator: paginatorFor({ page: options.page, pageSize: MEMBERS_PAGE_SIZE, total }),
    },
  };
}

export const SPECIAL_CONSENT_TO_JOIN =
  'Joining a faith community shares your faith, which needs your consent first. Please read it and agree to join.';

/**
 * A faith community is special-category data: joining one needs the member's standing special-category consent,
 * or gives it now when the join carries the version of the text the member agreed to (audited like the consent
 * given on the profile page); without either it answers the requirement error and joins nothing.
 */
async function requireSpecialConsentToJoin(options: {
  db: Database;
  userId: string;
  now: Date;
  specialConsentTextVersion?: string | undefined;
}) {
  if (await consentQueries.findLiveSpecialConsent(options.db, options.userId)) return;
  if (options.specialConsentTextVersion === SPECIAL_CATEGORY_CONSENT.textVersion) {
    await consentQueries.grantSpecialConsent(options.db, {
      userId: options.userId,
      textVersion: SPECIAL_CATEGORY_CONSENT.textVersion,
      now: options.now,
    });
    return;
  }
  throw new AppError('REQUIREMENT', SPECIAL_CONSENT_TO_JOIN, {
    details: { requirement: 'special_consent', text_version: SPECIAL_CATEGORY_CONSENT.textVersion },
  });
}

/**
 * Join or leave; doing it twice changes nothing. Each call counts against the community limit (docs/security.md,
 * F29).
 */
export async function setCommunityMembership(options: {
  db: Database;
  rateLimitStore: RateLimitStore;
  userId: string;
  slug: string;
  join: boolean;
  now: Date;
  /** the consent text's version the member agreed to beside the join button (faith communities) */
  specialConsentTextVersion?: string | undefined;
}) {
  const row = await requireCommunity(options.db, options.userId, options.slug);
  await takeCommunityLimits(options, options.userId);
  if (options.join) {
    if (isSpecialCategoryCommunity(row.kind)) await requireSpecialConsentToJoin(options);
    await communityQueries.joinCommunity(options.db, {
      communityId: row.id,
      userId: options.userId,
      now: options.now,
    });
  } else {
    await communityQueries.leaveCommunity(options.db, { communityId: row.id, userId: options.userId });
  }
  const after = await requireCommunity(options.db, options.userId, options.slug);
  return { joined: Boolean(after.joined), member_count: Number(after.member_count) };
}
