import { consentQueries, subscriptionQueries, type Database, type introductionQueries } from '@rhema/db';
import { INTRODUCTION_STATUS_LABEL, type TIntroduction } from '@rhema/schemas';
import { loadMemberProfiles } from '../profiles/member-profiles';
import { profileFieldRules } from '../profiles/visibility';
import { toIntroductionRecord } from './introduction-record';
import { allowedActions, sideOf } from './rules';

type IntroductionRow = introductionQueries.IntroductionRow;

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
  const viewer = { kind: 'member', userId: viewerId } as const;
  const [profiles, premiums, consenting] = await Promise.all([
    loadMemberProfiles({ db, userIds: people, viewer, now }),
    subscriptionQueries.listLivePremiums(db, viewerId, owned, now),
    consentQueries.listSpecialConsentHolders(
      db,
      rows.map((row) => row.owner_id),
    ),
  ]);
  const premiumByMatch = new Map(premiums.map((s) => [s.introduction_id, s]));

  return rows.flatMap((row) => {
    const owner = profiles.get(row.owner_id);
    // a member erased meanwhile: the introduction went with them (ON DELETE CASCADE); skip a torn read
    if (!owner) return [];
    const side = sideOf(row, viewerId);
    const premium = side === 'owner' ? premiumByMatch.get(row.id) : undefined;
    // the tribe and state of origin describe the owner: special-category, shown like their answers
    const ownerSpecialCategory = profileFieldRules({
      viewer,
      subjectId: row.owner_id,
      disclosedToViewer: false,
      hasSpecialConsent: consenting.has(row.owner_id),
    }).specialCategory;
    const record = toIntroductionRecord(row, { ownerSpecialCategory });
    return [
      {
        ...record,
        status_label: INTRODUCTION_STATUS_LABEL[record.status],
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
