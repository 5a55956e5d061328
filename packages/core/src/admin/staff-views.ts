import { adminIntroductionQueries, type Database } from '@rhema/db';
import {
  ageOn,
  type TAdminIntroductionDetail,
  type TAdminUserIntroductions,
  type TAdminUserView,
  type TMemberProfile,
  type TStaffAccount,
} from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import { loadMemberProfile, loadMemberProfiles } from '../profiles/member-profiles';
import type { ProfileViewer } from '../profiles/visibility';
import { iso } from '../iso';
import { cardMemberIds, toIntroductionCards } from './introduction-cards';
import { premiumPrice } from '../subscriptions/subscription-view';

// The console's views of one member: the user view, the member view, the owner view, the
// introduction detail with its requests, and the member's introductions with their history. Staff see every
// member (the one profile mapper gives them email and phone); an unknown id is a 404.

type Deps = Pick<UseCaseDeps, 'db' | 'now'> & { viewer: ProfileViewer };

const NOT_FOUND = 'We could not find that member.';

async function account(db: Database, userId: string, now: Date): Promise<TStaffAccount> {
  const user = await adminIntroductionQueries.findUserForStaff(db, userId);
  if (!user) throw new AppError('NOT_FOUND', NOT_FOUND);
  return {
    _id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    status: user.status,
    gender: user.gender,
    date_of_birth: user.date_of_birth,
    age: ageOn(user.date_of_birth, now),
    country_code: user.country_code.trim(),
    phone: user.phone,
    contact_reference: user.contact_reference,
    height_cm: user.height_cm,
    state_of_origin: user.state_of_origin,
    city: user.city,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
  };
}

async function profile({ db, now, viewer }: Deps, userId: string): Promise<TMemberProfile> {
  const found = await loadMemberProfile({ db, userId, viewer, now });
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  return found;
}

/** Profiles of `userIds` as the viewer sees them, `userId`'s among them or a 404. */
async function profilesWith(deps: Deps, userId: string, userIds: readonly string[]) {
  const profiles = await loadMemberProfiles({ ...deps, userIds: [userId, ...userIds] });
  const owner = profiles.get(userId);
  if (!owner) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { profiles, owner };
}

/** An introduction's requests as the console shows them, with their requesters' profiles (one left out if gone). */
function toRequests(
  rows: readonly { id: string; requester_id: string; message: string; status: string; created_at: string }[],
  profiles: ReadonlyMap<string, TMemberProfile>,
): TAdminIntroductionDetail['requests']['data'] {
  return rows.flatMap((row) => {
    const requester = profiles.get(row.requester_id);
    return requester
      ? [
          {
            _id: row.id,
            message: row.message,
            status: row.status,
            created_at: iso(row.created_at),
            requester,
          },
        ]
      : [];
  });
}

/**
 * GET admin/user-introductions/{userId} (the user view) and .../owner/{userId} (the owner view): the profile with
 * its data_ answers, the account, the introductions the member owns (newest first) and their premium subscriptions
 * (staff confirm pending payments from here). Two steps: the account, the cards and the subscriptions, then every
 * member shown (the member, their matches, the members their codes name) in one profile read.
 */
export async function getStaffUserView(deps: Deps & { userId: string }): Promise<TAdminUserView> {
  const { db, now, viewer, userId } = deps;
  const [updatedUser, rows, subscriptions] = await Promise.all([
    account(db, userId, now),
    adminIntroductionQueries
      .listIntroductionCardsOfUser(db, userId)
      .then((all) => all.filter((row) => row.owner_id === userId)),
    adminIntroductionQueries.listSubscriptionsOf(db, userId),
  ]);
  const { profiles, owner } = await profilesWith(deps, userId, cardMemberIds(rows));
  return {
    data: owner,
    updated_user: updatedUser,
    introductions: toIntroductionCards({ viewer, rows, profiles }),
    subscriptions: subscriptions.map((row) => ({
      _id: row.id,
      introduction_id: row.introduction_id,
      status: row.status,
      created_at: iso(row.created_at),
      reference: row.provider_reference,
      provider: row.provider,
      amount: premiumPrice({ amount_minor: row.amount_minor, currency: row.currency }),
      payment_state: row.payment_state as TAdminUserView['subscriptions'][number]['payment_state'],
    })),
  };
}

/** GET admin/users/{userId}: the member as a user (the member view's profile). */
export async function getStaffMemberView(deps: Deps & { userId: string }): Promise<{ data: TMemberProfile }> {
  return { data: await profile(deps, deps.userId) };
}

/**
 * GET admin/user-introductions/introduction/list/{userId}: the member's current introduction (the newest public
 * and active one they own, which takes requests, else the newest; null when they own none) with the requests it
 * received, first come first served. The account and the card with its requests, then one profile read.
 */
export async function getStaffIntroductionDetail(
  deps: Deps & { userId: string },
): Promise<TAdminIntroductionDetail> {
  const { db, now, viewer, userId } = deps;
  const [updatedUser, current] = await Promise.all([
    account(db, userId, now),
    adminIntroductionQueries.findCurrentIntroductionCardOf(db, userId),
  ]);
  const rows = current ? [current] : [];
  const requests = current?.requests ?? [];
  const { profiles, owner } = await profilesWith(deps, userId, [
    ...cardMemberIds(rows),
    ...requests.map((row) => row.requester_id),
  ]);
  const [card] = toIntroductionCards({ viewer, rows, profiles });
  return {
    updated_user: updatedUser,
    owner,
    data: card ?? null,
    requests: { data: current ? toRequests(requests, profiles) : [] },
  };
}

/**
 * A member's introductions, owned or as the contact, each with its requests and its history from the audit log
 * (who created, activated, deactivated, noted, coded, requested, accepted or rejected it, and when): what a
 * consultant reads before a phone call. The account and the cards with their requests, then the history beside
 * one profile read of every member shown.
 */
export async function getStaffUserIntroductions(
  deps: Deps & { userId: string },
): Promise<TAdminUserIntroductions> {
  const { db, now, viewer, userId } = deps;
  const [updatedUser, rows] = await Promise.all([
    account(db, userId, now),
    adminIntroductionQueries.listIntroductionCardsWithRequestsOfUser(db, userId),
  ]);
  const [profiles, history] = await Promise.all([
    loadMemberProfiles({
      db,
      now,
      viewer,
      userIds: [...cardMemberIds(rows), ...rows.flatMap((row) => row.requests.map((r) => r.requester_id))],
    }),
    adminIntroductionQueries.listHistory(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const cards = toIntroductionCards({ viewer, rows, profiles });
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  return {
    updated_user: updatedUser,
    data: cards.map((introduction) => ({
      introduction,
      role: rowOf.get(introduction._id)?.owner_id === userId ? ('owner' as const) : ('contact' as const),
      requests: toRequests(rowOf.get(introduction._id)?.requests ?? [], profiles),
      history: history
        .filter((entry) => entry.target_id === introduction._id)
        .map((entry) => ({
          _id: String(entry.id),
          action: entry.action,
          at: iso(entry.created_at),
          actor: entry.actor_id
            ? {
                _id: entry.actor_id,
                first_name: entry.actor_first_name ?? '',
                role: entry.actor_role ?? '',
              }
            : null,
          details:
            entry.details && typeof entry.details === 'object' && !Array.isArray(entry.details)
              ? (entry.details as Record<string, unknown>)
              : {},
        })),
    })),
  };
}
