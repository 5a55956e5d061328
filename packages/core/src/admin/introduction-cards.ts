import { adminIntroductionQueries, consentQueries, introductionQueries, type Database } from '@rhema/db';
import type { TAdminIntroduction, TMemberProfile } from '@rhema/schemas';
import { loadMemberProfiles } from '../profiles/member-profiles';
import { profileFieldRules, type ProfileViewer } from '../profiles/visibility';
import { iso } from '../iso';
import { toIntroductionRecord } from '../introductions/introduction-record';

type IntroductionRow = introductionQueries.StaffIntroductionRow;

/**
 * Introductions as the console shows them, in the order given: owner and contact through the one profile mapper
 * (staff see email and phone), their suggestion codes with the members they name and request counts, in a constant
 * number of queries.
 */
export async function toIntroductionCards({
  db,
  now,
  viewer,
  rows,
}: {
  db: Database;
  now: Date;
  viewer: ProfileViewer;
  rows: readonly IntroductionRow[];
}): Promise<TAdminIntroduction[]> {
  const ids = rows.map((row) => row.id);
  const parties = new Set(
    rows.flatMap((row) => (row.contact_id ? [row.owner_id, row.contact_id] : [row.owner_id])),
  );
  // the codes with the members they name (one read), then those members' profiles when they are not among the
  // owners and contacts, whose larger profile load runs beside it rather than after it
  const suggestions = adminIntroductionQueries.listSuggestionCodes(db, ids).then(async (codeRows) => {
    const others = [...new Set(codeRows.flatMap((row) => (row.member_id ? [row.member_id] : [])))].filter(
      (id) => !parties.has(id),
    );
    const profiles = others.length
      ? await loadMemberProfiles({ db, userIds: others, viewer, now })
      : new Map<string, TMemberProfile>();
    return { rows: codeRows, profiles };
  });
  const [partyProfiles, { rows: codes, profiles: suggestedProfiles }, counts, consenting, blocked] =
    await Promise.all([
      loadMemberProfiles({ db, userIds: [...parties], viewer, now }),
      suggestions,
      adminIntroductionQueries.countRequests(db, ids),
      consentQueries.listSpecialConsentHolders(
        db,
        rows.map((row) => row.owner_id),
      ),
      introductionQueries.listBlockedIntroductionIds(db, ids),
    ]);
  const profiles = new Map([...partyProfiles, ...suggestedProfiles]);
  const codesOf = new Map<string, string[]>();
  for (const row of codes)
    codesOf.set(row.introduction_id, [...(codesOf.get(row.introduction_id) ?? []), row.code.trim()]);
  const memberOfCode = new Map(
    codes.flatMap((row) => (row.member_id ? [[row.code.trim(), row.member_id] as const] : [])),
  );
  const suggestionOf = (code: string) => {
    const profile = profiles.get(memberOfCode.get(code) ?? '');
    return {
      code,
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
  const countOf = new Map(counts.map((row) => [row.introduction_id, Number(row.count)]));
  // a member erased between the page read and this one drops out of the page rather than failing it
  return rows.flatMap((row) => {
    const user = profiles.get(row.owner_id);
    if (!user) return [];
    return [toCard(row, user, row.contact_id ? (profiles.get(row.contact_id) ?? null) : null)];
  });

  function toCard(
    row: IntroductionRow,
    user: TMemberProfile,
    contact: TMemberProfile | null,
  ): TAdminIntroduction {
    // the owner's tribe and state of origin are special-category: staff see them while the owner's consent stands
    const ownerSpecialCategory = profileFieldRules({
      viewer,
      subjectId: row.owner_id,
      disclosedToViewer: false,
      hasSpecialConsent: consenting.has(row.owner_id),
    }).specialCategory;
    return {
      ...toIntroductionRecord(row, { ownerSpecialCategory }),
      note: row.note,
      note2: row.note,
      updated_at: iso(row.updated_at),
      codes: codesOf.get(row.id) ?? [],
      suggestions: (codesOf.get(row.id) ?? []).map(suggestionOf),
      requests_count: countOf.get(row.id) ?? 0,
      blocked: blocked.has(row.id),
      user,
      contact,
    };
  }
}
