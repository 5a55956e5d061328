import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import type { Database } from '../create-db';

// The one read behind every profile that leaves the server (packages/core/src/profiles). Batched: N profiles cost
// the same eight queries as one. The rows hold email and phone; only the core mapper decides whether they go out.

export interface ProfileRows {
  users: {
    id: string;
    first_name: string;
    date_of_birth: string;
    country_code: string;
    email: string;
    phone: string | null;
  }[];
  photos: { user_id: string; url: string }[];
  citizenships: { user_id: string; country_code: string }[];
  coreValues: { user_id: string; value: string }[];
  answers: { user_id: string; key: string; hint: string; answer: string; is_special_category: boolean }[];
  communities: { user_id: string; name: string }[];
  /** members with a live special-category consent (docs/security.md target 13) */
  specialConsentUserIds: Set<string>;
  /** members whose contact details were released to the viewer (contact_disclosures) */
  disclosedToViewer: Set<string>;
}

export async function loadProfileRows(
  db: Database,
  userIds: readonly string[],
  viewerId: string | null,
): Promise<ProfileRows> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) {
    return {
      users: [],
      photos: [],
      citizenships: [],
      coreValues: [],
      answers: [],
      communities: [],
      specialConsentUserIds: new Set(),
      disclosedToViewer: new Set(),
    };
  }
  const [users, photos, citizenships, coreValues, answers, communities, consents, disclosures] =
    await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'date_of_birth', 'country_code', 'email', 'phone'])
        .where('id', 'in', ids)
        .execute(),
      db
        .selectFrom('photos')
        .select(['user_id', 'url'])
        .where('user_id', 'in', ids)
        .orderBy('user_id')
        .orderBy('position')
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('user_citizenships')
        .select(['user_id', 'country_code'])
        .where('user_id', 'in', ids)
        .orderBy('user_id')
        .orderBy('country_code')
        .execute(),
      db
        .selectFrom('user_core_values')
        .select(['user_id', 'value'])
        .where('user_id', 'in', ids)
        .orderBy('user_id')
        .orderBy('position')
        .execute(),
      db
        .selectFrom('profile_answers as a')
        .innerJoin('profile_questions as q', 'q.id', 'a.question_id')
        .select(['a.user_id', 'q.key', 'q.hint', 'a.answer', 'q.is_special_category'])
        .where('a.user_id', 'in', ids)
        .where('a.answer', '<>', '')
        .orderBy('a.user_id')
        .orderBy('q.position')
        .orderBy('q.id')
        .execute(),
      db
        .selectFrom('community_memberships as m')
        .innerJoin('communities as c', 'c.id', 'm.community_id')
        .select(['m.user_id', 'c.name'])
        .where('m.user_id', 'in', ids)
        .orderBy('m.user_id')
        .orderBy('c.name')
        .execute(),
      db
        .selectFrom('user_consents')
        .select(['user_id'])
        .where('user_id', 'in', ids)
        .where('purpose', '=', SPECIAL_CATEGORY_CONSENT.purpose)
        .where('withdrawn_at', 'is', null)
        .execute(),
      viewerId
        ? db
            .selectFrom('contact_disclosures')
            .select(['subject_id'])
            .where('viewer_id', '=', viewerId)
            .where('subject_id', 'in', ids)
            .execute()
        : Promise.resolve([] as { subject_id: string }[]),
    ]);
  return {
    users,
    photos,
    citizenships,
    coreValues,
    answers,
    communities,
    specialConsentUserIds: new Set(consents.map((row) => row.user_id)),
    disclosedToViewer: new Set(disclosures.map((row) => row.subject_id)),
  };
}
