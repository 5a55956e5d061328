import { RATE_LIMITS, type RateLimitStore } from '@rhema/auth';
import { matchQueries, type Database } from '@rhema/db';
import { COUNTRY_NAME, type TMatchProfile } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { takeRateLimit } from '../rate-limit/enforce';

// References are 6 letters and digits; anything else matches nobody and answers like an unknown reference.
const REFERENCE_PATTERN = /^[A-Z0-9]{6}$/;

/** Whole years between a 'YYYY-MM-DD' birthday and today (UTC). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * The private-match page's profile for a contact reference. Unknown, malformed, hidden and inactive references
 * all throw the very same NOT_FOUND, so the answer tells nothing about which it was. Every lookup counts against
 * the caller's IP (60 a minute, SECURITY.md item 11) before the reference is read, so guessing costs the same.
 */
export async function getMatchProfile({
  db,
  rateLimitStore,
  now,
  ip,
  contactReference,
}: {
  db: Database;
  rateLimitStore: RateLimitStore;
  now: Date;
  ip: string;
  contactReference: string;
}): Promise<TMatchProfile> {
  await takeRateLimit({ store: rateLimitStore, rule: RATE_LIMITS.matchLookupsPerIp, subject: ip, now });

  const reference = contactReference.trim().toUpperCase();
  const user = REFERENCE_PATTERN.test(reference)
    ? await matchQueries.findPublicProfileByReference(db, reference)
    : undefined;
  if (!user) throw new AppError('NOT_FOUND', 'not found');

  const [photos, citizenships, answers] = await Promise.all([
    matchQueries.listPhotoUrls(db, user.id),
    matchQueries.listCitizenships(db, user.id),
    matchQueries.listPublicAnswers(db, user.id),
  ]);
  const occupation = answers.find((answer) => answer.key === 'occupation');
  const countryCode = user.country_code.trim();

  return {
    contact_reference: user.contact_reference,
    first_name: user.first_name,
    age: ageOn(user.date_of_birth, now),
    country_code: countryCode,
    country: COUNTRY_NAME[countryCode] ?? countryCode,
    data_occupation: occupation
      ? { answer: occupation.answer, user_data_question: { hint: occupation.hint } }
      : null,
    profile_pic_url: photos[0] ?? null,
    profile_pic_urls: photos,
    profile_pics: photos.map((url) => ({ url })),
    countries: citizenships.map((code) => COUNTRY_NAME[code.trim()] ?? code.trim()).sort(),
    about_me: answers.map(({ key, hint, answer }) => ({ key, hint, answer })),
  };
}
