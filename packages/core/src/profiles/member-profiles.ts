import { profileQueries, type Database } from '@rhema/db';
import {
  ageOn,
  COUNTRY_NAME,
  ZProfileVisibility,
  isSpecialCategoryCommunity,
  type TMemberProfile,
  type TProfileDataField,
} from '@rhema/schemas';
import { profileFieldRules, type ProfileViewer } from './visibility';

type ProfileRows = profileQueries.ProfileRows;

function groupBy<T extends { user_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.user_id);
    if (group) group.push(row);
    else groups.set(row.user_id, [row]);
  }
  return groups;
}

const countryName = (code: string) => COUNTRY_NAME[code.trim()] ?? code.trim();

/**
 * The one mapper to the product's profile shape (packages/schemas/src/profile.ts). Every profile that leaves
 * the server goes through here, so the field rules of ./visibility.ts hold everywhere.
 */
export function toMemberProfiles({
  rows,
  viewer,
  now,
}: {
  rows: ProfileRows;
  viewer: ProfileViewer;
  now: Date;
}): Map<string, TMemberProfile> {
  const photos = groupBy(rows.photos);
  const citizenships = groupBy(rows.citizenships);
  const coreValues = groupBy(rows.coreValues);
  const answers = groupBy(rows.answers);
  const communities = groupBy(rows.communities);

  const profiles = new Map<string, TMemberProfile>();
  for (const user of rows.users) {
    const rules = profileFieldRules({
      viewer,
      subjectId: user.id,
      disclosedToViewer: rows.disclosedToViewer.has(user.id),
      hasSpecialConsent: rows.specialConsentUserIds.has(user.id),
    });
    const visibleAnswers = (answers.get(user.id) ?? []).filter(
      (answer) => rules.specialCategory || !answer.is_special_category,
    );
    const urls = (photos.get(user.id) ?? []).map((photo) => photo.url);
    const countryCode = user.country_code.trim();
    // The fixed fields in one literal, then the optional ones and the answers assigned: every profile starts from
    // one object shape. Spreading the answers first gave each set of answers a shape of its own, which slowed this
    // mapper twofold and the answer's validation and serialisation after it (GET api/v1/user-introductions: 1.38 ->
    // 1.14 CPU ms an answer, bench/results/2026-11-29-request-path-perf.md). The keys go out in the schema's order.
    const profile: TMemberProfile = {
      _id: user.id,
      first_name: user.first_name,
      age: ageOn(user.date_of_birth, now),
      country_code: countryCode,
      country: countryName(countryCode),
      data_occupation: null,
      profile_pic_url: urls[0] ?? null,
      profile_pic_urls: urls,
      profile_pics: urls.map((url) => ({ url })),
      countries: (citizenships.get(user.id) ?? []).map((row) => countryName(row.country_code)).sort(),
      core_values: (coreValues.get(user.id) ?? []).map((row) => row.value),
      // a faith community says what the member believes: shown like the faith answer itself
      organisations: (communities.get(user.id) ?? [])
        .filter((row) => rules.specialCategory || !isSpecialCategoryCommunity(row.kind))
        .map((row) => ({ name: row.name })),
      about_me: visibleAnswers.map(({ key, hint, answer }) => ({ key, hint, answer })),
      identity_verified: user.identity_verified_at !== null,
    };
    // a town narrows down where someone lives: only for signed-in members and staff, like the handle
    if (viewer.kind !== 'anonymous') {
      profile.contact_reference = user.contact_reference;
      profile.city = user.city?.trim() || null;
    }
    // consultants see hidden and paused members, marked (docs/decisions/172-profile-visibility.md)
    if (viewer.kind === 'staff' || (viewer.kind === 'member' && viewer.userId === user.id)) {
      profile.profile_visibility = ZProfileVisibility.parse(user.profile_visibility);
    }
    if (rules.contact) {
      profile.account_email = user.email;
      if (user.phone) profile.international_phone_number = user.phone;
    }
    for (const { key, hint, answer } of visibleAnswers) {
      const field: TProfileDataField = { answer, user_data_question: { hint } };
      profile[`data_${key}`] = field;
    }
    profiles.set(user.id, profile);
  }
  return profiles;
}

/** Profiles of several members as `viewer` sees them, in a constant number of queries (lists stay flat). */
export async function loadMemberProfiles({
  db,
  userIds,
  viewer,
  now,
}: {
  db: Database;
  userIds: readonly string[];
  viewer: ProfileViewer;
  now: Date;
}): Promise<Map<string, TMemberProfile>> {
  const rows = await profileQueries.loadProfileRows(
    db,
    userIds,
    viewer.kind === 'anonymous' ? null : viewer.userId,
  );
  return toMemberProfiles({ rows, viewer, now });
}

/** One member's profile as `viewer` sees it; undefined when there is no such member. */
export async function loadMemberProfile(options: {
  db: Database;
  userId: string;
  viewer: ProfileViewer;
  now: Date;
}): Promise<TMemberProfile | undefined> {
  const profiles = await loadMemberProfiles({ ...options, userIds: [options.userId] });
  return profiles.get(options.userId);
}
