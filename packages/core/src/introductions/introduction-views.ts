import { subscriptionQueries, type Database, type introductionQueries } from '@rhema/db';
import type { TIntroduction, TIntroductionStatus } from '@rhema/schemas';
import { loadMemberProfiles } from '../profiles/member-profiles';
import { allowedActions, sideOf, STATUS_LABEL } from './rules';

type IntroductionRow = introductionQueries.IntroductionRow;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Introductions as one of their members sees them. Both people come from the one profile read in one batch
 * (so a list costs the same few queries as one), with contact details only where they were released to the viewer.
 */
export async function toIntroductionViews({
  db,
  rows,
  viewerId,
  now,
}: {
  db: Database;
  rows: readonly IntroductionRow[];
  viewerId: string;
  now: Date;
}): Promise<TIntroduction[]> {
  const people = rows.flatMap((row) => (row.contact_id ? [row.owner_id, row.contact_id] : [row.owner_id]));
  const owned = rows.filter((row) => row.owner_id === viewerId).map((row) => row.id);
  const [profiles, premiums] = await Promise.all([
    loadMemberProfiles({ db, userIds: people, viewer: { kind: 'member', userId: viewerId }, now }),
    subscriptionQueries.listLivePremiums(db, viewerId, owned, now),
  ]);
  const premiumByMatch = new Map(premiums.map((s) => [s.introduction_id, s]));

  return rows.flatMap((row) => {
    const owner = profiles.get(row.owner_id);
    // a member erased meanwhile: the introduction went with them (ON DELETE CASCADE); skip a torn read
    if (!owner) return [];
    const side = sideOf(row, viewerId);
    const premium = side === 'owner' ? premiumByMatch.get(row.id) : undefined;
    const status = row.status as TIntroductionStatus;
    return [
      {
        _id: row.id,
        status,
        status_label: STATUS_LABEL[status],
        is_active: row.is_active,
        is_public: row.is_public,
        min_age: row.min_age,
        max_age: row.max_age,
        min_height: row.min_height,
        my_height: row.my_height,
        state: row.state,
        tribe: row.tribe,
        city: row.city,
        distant_relationship: row.distant_relationship,
        details: row.details,
        request_message: row.request_message,
        response_message: row.response_message,
        requested_at: iso(row.requested_at),
        responded_at: iso(row.responded_at),
        created_at: row.created_at.toISOString(),
        role: side,
        user: owner,
        contact: (row.contact_id && profiles.get(row.contact_id)) || null,
        premium: premium ? (premium.status as 'pending' | 'active') : 'none',
        subscription_id: premium?.id ?? null,
        actions: allowedActions(row, side),
      },
    ];
  });
}
