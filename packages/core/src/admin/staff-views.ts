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
import { toIntroductionCards } from './introduction-cards';
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

/**
 * GET admin/user-introductions/{userId} (the user view) and .../owner/{userId} (the owner view): the profile with
 * its data_ answers, the account, the introductions the member owns (newest first) and their premium subscriptions
 * (staff confirm pending payments from here).
 */
export async function getStaffUserView(deps: Deps & { userId: string }): Promise<TAdminUserView> {
  const { db, now, viewer, userId } = deps;
  const [updatedUser, data, owned, subscriptions] = await Promise.all([
    account(db, userId, now),
    profile(deps, userId),
    adminIntroductionQueries.listIntroductionsOfUser(db, userId),
    adminIntroductionQueries.listSubscriptionsOf(db, userId),
  ]);
  return {
    data,
    updated_user: updatedUser,
    introductions: await toIntroductionCards({
      db,
      now,
      viewer,
      rows: owned.filter((row) => row.owner_id === userId),
    }),
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

/** The requests of these introductions, by introduction: two queries however many there are. */
async function requestsOf(deps: Deps, introductionIds: readonly string[]) {
  const rows = await adminIntroductionQueries.listRequests(deps.db, introductionIds);
  const requesters = await loadMemberProfiles({
    db: deps.db,
    userIds: rows.map((row) => row.requester_id),
    viewer: deps.viewer,
    now: deps.now,
  });
  const byIntroduction = new Map<string, TAdminIntroductionDetail['requests']['data']>();
  for (const row of rows) {
    const requester = requesters.get(row.requester_id);
    if (!requester) continue;
    const list = byIntroduction.get(row.introduction_id) ?? [];
    list.push({
      _id: row.id,
      message: row.message,
      status: row.status,
      created_at: iso(row.created_at),
      requester,
    });
    byIntroduction.set(row.introduction_id, list);
  }
  return (introductionId: string) => byIntroduction.get(introductionId) ?? [];
}

/**
 * GET admin/user-introductions/introduction/list/{userId}: the member's current introduction (the newest public
 * and active one they own, which takes requests, else the newest; null when they own none) with the requests it
 * received, first come first served.
 */
export async function getStaffIntroductionDetail(
  deps: Deps & { userId: string },
): Promise<TAdminIntroductionDetail> {
  const { db, now, viewer, userId } = deps;
  const [updatedUser, owner, current] = await Promise.all([
    account(db, userId, now),
    profile(deps, userId),
    adminIntroductionQueries.findCurrentIntroductionOf(db, userId),
  ]);
  if (!current) return { updated_user: updatedUser, owner, data: null, requests: { data: [] } };
  const [[card], requests] = await Promise.all([
    toIntroductionCards({ db, now, viewer, rows: [current] }),
    requestsOf(deps, [current.id]),
  ]);
  return { updated_user: updatedUser, owner, data: card ?? null, requests: { data: requests(current.id) } };
}

/**
 * A member's introductions, owned or as the contact, each with its requests and its history from the audit log
 * (who created, activated, deactivated, noted, coded, requested, accepted or rejected it, and when): what a
 * consultant reads before a phone call.
 */
export async function getStaffUserIntroductions(
  deps: Deps & { userId: string },
): Promise<TAdminUserIntroductions> {
  const { db, now, viewer, userId } = deps;
  const [updatedUser, rows] = await Promise.all([
    account(db, userId, now),
    adminIntroductionQueries.listIntroductionsOfUser(db, userId),
  ]);
  const ids = rows.map((row) => row.id);
  const [cards, history, requests] = await Promise.all([
    toIntroductionCards({ db, now, viewer, rows }),
    adminIntroductionQueries.listHistory(db, ids),
    requestsOf(deps, ids),
  ]);
  return {
    updated_user: updatedUser,
    data: cards.map((introduction, index) => ({
      introduction,
      role: rows[index]?.owner_id === userId ? ('owner' as const) : ('contact' as const),
      requests: requests(introduction._id),
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
