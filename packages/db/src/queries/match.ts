import type { Database } from '../create-db';

/**
 * The member a private-match reference points at, only if the profile is public and the account an active member's:
 * a hidden, suspended, staff or unknown reference all give undefined. Never selects email or phone.
 */
export async function findPublicProfileByReference(db: Database, contactReference: string) {
  return (
    db
      .selectFrom('users')
      .select(['id', 'contact_reference', 'first_name', 'date_of_birth', 'country_code'])
      .where('contact_reference', '=', contactReference)
      .where('is_profile_public', '=', true)
      .where('status', '=', 'active')
      // consultants and admins are not on offer, whatever their profile says
      .where('role', '=', 'member')
      .executeTakeFirst()
  );
}

export async function listPhotoUrls(db: Database, userId: string) {
  const rows = await db
    .selectFrom('photos')
    .select(['url'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.url);
}

export async function listCitizenships(db: Database, userId: string) {
  const rows = await db
    .selectFrom('user_citizenships')
    .select(['country_code'])
    .where('user_id', '=', userId)
    .orderBy('country_code')
    .execute();
  return rows.map((row) => row.country_code);
}

/** Answered profile questions, in the questions' order, leaving out special-category ones (SECURITY.md 11, 13). */
export async function listPublicAnswers(db: Database, userId: string) {
  return db
    .selectFrom('profile_answers as a')
    .innerJoin('profile_questions as q', 'q.id', 'a.question_id')
    .select(['q.key', 'q.hint', 'a.answer'])
    .where('a.user_id', '=', userId)
    .where('q.is_special_category', '=', false)
    .where('a.answer', '<>', '')
    .orderBy('q.position')
    .orderBy('q.id')
    .execute();
}
