import type { adminIntroductionQueries, Database } from '@rhema/db';
import type { TAdminIntroduction, TMemberProfile } from '@rhema/schemas';
import { loadMemberProfiles } from '../profiles/member-profiles';
import { profileFieldRules, type ProfileViewer } from '../profiles/visibility';
import { iso } from '../iso';
import { toIntroductionRecord } from '../introductions/introduction-record';

type CardRow = adminIntroductionQueries.StaffIntroductionCardRow;

/**
 * The members a page of cards shows: owners, contacts and the members their suggestion codes name. A view loads
 * them in one profile read together with the other members it shows (a requester, the member of the page).
 */
export function cardMemberIds(rows: readonly CardRow[]): string[] {
  return rows.flatMap((row) => [
    row.owner_id,
    ...(row.contact_id ? [row.contact_id] : []),
    ...row.suggestions.flatMap((suggestion) => (suggestion.member_id ? [suggestion.member_id] : [])),
  ]);
}

/**
 * Introductions as the console shows them, in the order given, from their card rows (the record with its request
 * count, block, owner's consent and codes: adminIntroductionQueries) and the profiles of cardMemberIds, which
 * went through the one profile mapper (staff see email and phone).
 */
export function toIntroductionCards({
  viewer,
  rows,
  profiles,
}: {
  viewer: ProfileViewer;
  rows: readonly CardRow[];
  profiles: ReadonlyMap<string, TMemberProfile>;
}): TAdminIntroduction[] {
  const suggestionOf = ({ code, member_id }: CardRow['suggestions'][number]) => {
    const profile = member_id ? profiles.get(member_id) : undefined;
    return {
      code: code.trim(),
      member: profile
        ? {
            _id: profile._id,
            first_name: profile.first_name,
            age: profile.age,
            country_code: profile.country_code,
            country: profile.country,
            profile_pic_url: profile.profile_pic_url,
          }
        : null,
    };
  };
  // a member erased between the page read and this one drops out of the page rather than failing it
  return rows.flatMap((row) => {
    const user = profiles.get(row.owner_id);
    if (!user) return [];
    const contact = row.contact_id ? (profiles.get(row.contact_id) ?? null) : null;
    // the owner's tribe and state of origin are special-category: staff see them while the owner's consent stands
    const ownerSpecialCategory = profileFieldRules({
      viewer,
      subjectId: row.owner_id,
      disclosedToViewer: false,
      hasSpecialConsent: row.owner_special_consent,
    }).specialCategory;
    const card: TAdminIntroduction = {
      ...toIntroductionRecord(row, { ownerSpecialCategory }),
      note: row.note,
      note2: row.note,
      updated_at: iso(row.updated_at),
      codes: row.suggestions.map((suggestion) => suggestion.code.trim()),
      suggestions: row.suggestions.map(suggestionOf),
      requests_count: Number(row.requests_count ?? 0),
      blocked: row.blocked,
      user,
      contact,
    };
    return [card];
  });
}

/** Card rows as cards, their members' profiles read in one statement. */
export async function loadIntroductionCards({
  db,
  now,
  viewer,
  rows,
}: {
  db: Database;
  now: Date;
  viewer: ProfileViewer;
  rows: readonly CardRow[];
}): Promise<TAdminIntroduction[]> {
  const profiles = await loadMemberProfiles({ db, userIds: cardMemberIds(rows), viewer, now });
  return toIntroductionCards({ viewer, rows, profiles });
}
