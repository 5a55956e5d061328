import { userQueries, type Database } from '@rhema/db';
import { ageOn, type TMyProfile } from '@rhema/schemas';
import { AppError } from '../errors/app-error';

/** The member's own profile, shaped as other members see it: no email, phone or last name. */
export async function getMyProfile({
  db,
  userId,
  now,
}: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<TMyProfile> {
  const found = await userQueries.findPublicProfile(db, userId);
  if (!found) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const { user, photos, citizenships, coreValues, answers, communities } = found;
  return {
    _id: user.id,
    first_name: user.first_name,
    handle: user.handle,
    age: ageOn(user.date_of_birth, now),
    gender: user.gender,
    country_code: user.country_code,
    city: user.city,
    height_cm: user.height_cm,
    contact_reference: user.contact_reference,
    is_profile_public: user.is_profile_public,
    profile_pic_url: photos[0]?.url ?? null,
    profile_pic_urls: photos.map((p) => p.url),
    countries: citizenships.map((c) => c.country_code),
    core_values: coreValues.map((v) => v.value),
    organisations: communities.map((c) => ({ name: c.name })),
    about: answers.map((a) => ({ key: a.key, hint: a.hint, answer: a.answer })),
  };
}
