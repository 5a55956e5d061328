import { userQueries, type Database } from '@rhema/db';
import { COUNTRY_NAME, type TMemberProfile } from '@rhema/schemas';
import { ageOn } from '../match/get-match-profile';

/**
 * Profiles of other members as a member sees them (the spec's profile shape, no email or phone), in the order of
 * `ids`; ids without a user are left out. TEMPORARY body until the one public-profile mapper lands on main.
 */
export async function memberProfiles(options: {
  db: Database;
  ids: readonly string[];
  viewerId: string;
  now: Date;
}): Promise<TMemberProfile[]> {
  const found = await Promise.all(options.ids.map((id) => userQueries.findPublicProfile(options.db, id)));
  return found.flatMap((row) => {
    if (!row) return [];
    const { user, photos, citizenships, coreValues, answers, communities } = row;
    const urls = photos.map((p) => p.url);
    const data = Object.fromEntries(
      answers.map((a) => [`data_${a.key}`, { answer: a.answer, user_data_question: { hint: a.hint } }]),
    );
    const code = user.country_code.trim();
    return [
      {
        ...data,
        _id: user.id,
        first_name: user.first_name,
        age: ageOn(user.date_of_birth, options.now),
        country_code: code,
        country: COUNTRY_NAME[code] ?? code,
        data_occupation: data.data_occupation ?? null,
        profile_pic_url: urls[0] ?? null,
        profile_pic_urls: urls,
        profile_pics: urls.map((url) => ({ url })),
        countries: citizenships.map((c) => COUNTRY_NAME[c.country_code.trim()] ?? c.country_code).sort(),
        core_values: coreValues.map((v) => v.value),
        organisations: communities.map((c) => ({ name: c.name })),
        about_me: answers.map((a) => ({ key: a.key, hint: a.hint, answer: a.answer })),
      } as TMemberProfile,
    ];
  });
}
