import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { sql, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../create-db';
import { precompiled } from './precompiled';
import { blockedEitherWay } from './visibility';

// The one read behind every profile that leaves the server (packages/core/src/profiles). Batched: N profiles cost
// the same one statement as one profile. The rows hold email and phone; only the core mapper decides whether they go out.

export interface ProfileRows {
  users: {
    id: string;
    first_name: string;
    date_of_birth: string;
    country_code: string;
    city: string | null;
    email: string;
    phone: string | null;
    contact_reference: string;
    identity_verified_at: Date | null;
    profile_visibility: string;
  }[];
  photos: { user_id: string; url: string }[];
  citizenships: { user_id: string; country_code: string }[];
  coreValues: { user_id: string; value: string }[];
  answers: { user_id: string; key: string; hint: string; answer: string; is_special_category: boolean }[];
  communities: { user_id: string; name: string; kind: string }[];
  /** members with a live special-category consent (docs/security.md target 13) */
  specialConsentUserIds: Set<string>;
  /** members whose contact details were released to the viewer (contact_disclosures) */
  disclosedToViewer: Set<string>;
}

/** The profile read for `ids` (a uuid array, bound as one parameter), seen by `viewerId` or anonymously (null). */
function profileRowsQuery(db: Database, ids: string, viewerId: string | null) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.date_of_birth',
      'u.country_code',
      'u.city',
      'u.email',
      'u.phone',
      'u.contact_reference',
      'u.identity_verified_at',
      'u.profile_visibility',
      jsonArrayFrom(
        eb
          .selectFrom('photos as p')
          .select('p.url')
          .whereRef('p.user_id', '=', 'u.id')
          .orderBy('p.position')
          .orderBy('p.created_at'),
      ).as('photos'),
      jsonArrayFrom(
        eb
          .selectFrom('user_citizenships as uc')
          .select('uc.country_code')
          .whereRef('uc.user_id', '=', 'u.id')
          .orderBy('uc.country_code'),
      ).as('citizenships'),
      jsonArrayFrom(
        eb
          .selectFrom('user_core_values as v')
          .select('v.value')
          .whereRef('v.user_id', '=', 'u.id')
          .orderBy('v.position'),
      ).as('core_values'),
      jsonArrayFrom(
        eb
          .selectFrom('profile_answers as a')
          .innerJoin('profile_questions as q', 'q.id', 'a.question_id')
          .select(['q.key', 'q.hint', 'a.answer', 'q.is_special_category'])
          .whereRef('a.user_id', '=', 'u.id')
          .where('a.answer', '<>', '')
          .orderBy('q.position')
          .orderBy('q.id'),
      ).as('answers'),
      jsonArrayFrom(
        eb
          .selectFrom('community_memberships as m')
          .innerJoin('communities as c', 'c.id', 'm.community_id')
          .select(['c.name', 'c.kind'])
          .whereRef('m.user_id', '=', 'u.id')
          .orderBy('c.name'),
      ).as('communities'),
      eb
        .exists(
          eb
            .selectFrom('user_consents as k')
            .select('k.user_id')
            .whereRef('k.user_id', '=', 'u.id')
            .where('k.purpose', '=', SPECIAL_CATEGORY_CONSENT.purpose)
            .where('k.withdrawn_at', 'is', null),
        )
        .as('special_consent'),
      viewerId
        ? eb
            .exists(
              eb
                .selectFrom('contact_disclosures as d')
                .select('d.subject_id')
                .where('d.viewer_id', '=', viewerId)
                .whereRef('d.subject_id', '=', 'u.id')
                // a block either way withdraws released contact details
                .where(sql<SqlBool>`NOT ${blockedEitherWay(viewerId, 'd.subject_id')}`),
            )
            .as('disclosed')
        : sql<boolean>`false`.as('disclosed'),
    ])
    .where('u.id', '=', sql<string>`any(${ids}::uuid[])`);
}

const profileRowsForMember = precompiled(['ids', 'viewerId'], (db, p) =>
  profileRowsQuery(db, p.ids, p.viewerId),
);
const profileRowsForAnonymous = precompiled(['ids'], (db, p) => profileRowsQuery(db, p.ids, null));

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
  // one statement, each user's lists gathered beside them: one round trip and one plan instead of eight queries
  // fanned out over the pool (docs/decisions/101-request-overhead.md), built once (./precompiled.ts)
  const users = viewerId
    ? await profileRowsForMember(db, { ids, viewerId })
    : await profileRowsForAnonymous(db, { ids });
  const rows: ProfileRows = {
    users: [],
    photos: [],
    citizenships: [],
    coreValues: [],
    answers: [],
    communities: [],
    specialConsentUserIds: new Set(),
    disclosedToViewer: new Set(),
  };
  for (const user of users) {
    const { id: user_id } = user;
    rows.users.push({
      id: user_id,
      first_name: user.first_name,
      date_of_birth: user.date_of_birth,
      country_code: user.country_code,
      city: user.city,
      contact_reference: user.contact_reference,
      identity_verified_at: user.identity_verified_at,
      profile_visibility: user.profile_visibility,
      email: user.email,
      phone: user.phone,
    });
    for (const { url } of user.photos) rows.photos.push({ user_id, url });
    for (const { country_code } of user.citizenships) rows.citizenships.push({ user_id, country_code });
    for (const { value } of user.core_values) rows.coreValues.push({ user_id, value });
    for (const answer of user.answers) rows.answers.push({ user_id, ...answer });
    for (const { name, kind } of user.communities) rows.communities.push({ user_id, name, kind });
    if (user.special_consent) rows.specialConsentUserIds.add(user_id);
    if (user.disclosed) rows.disclosedToViewer.add(user_id);
  }
  return rows;
}
