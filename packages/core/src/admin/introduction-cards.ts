import { adminIntroductionQueries, type Database } from '@rhema/db';
import type { TAdminIntroduction, TMemberProfile } from '@rhema/schemas';
import { loadMemberProfiles } from '../profiles/member-profiles';
import type { ProfileViewer } from '../profiles/visibility';

type IntroductionRow = adminIntroductionQueries.IntroductionRow;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/**
 * Introductions as the console shows them, in the order given: owner and contact through the one profile mapper
 * (staff see email and phone), their suggestion codes and request counts, in a constant number of queries.
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
  const people = rows.flatMap((row) => (row.contact_id ? [row.owner_id, row.contact_id] : [row.owner_id]));
  const [profiles, codes, counts] = await Promise.all([
    loadMemberProfiles({ db, userIds: people, viewer, now }),
    adminIntroductionQueries.listSuggestionCodes(db, ids),
    adminIntroductionQueries.countRequests(db, ids),
  ]);
  const codesOf = new Map<string, string[]>();
  for (const row of codes)
    codesOf.set(row.introduction_id, [...(codesOf.get(row.introduction_id) ?? []), row.code.trim()]);
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
    return {
      _id: row.id,
      status: row.status as TAdminIntroduction['status'],
      is_active: row.is_active,
      note: row.note,
      note2: row.note,
      min_age: row.min_age,
      max_age: row.max_age,
      min_height: row.min_height,
      my_height: row.my_height,
      state: row.state,
      tribe: row.tribe,
      city: row.city,
      distant_relationship: row.distant_relationship,
      is_public: row.is_public,
      details: row.details,
      request_message: row.request_message,
      response_message: row.response_message,
      requested_at: iso(row.requested_at),
      responded_at: iso(row.responded_at),
      created_at: iso(row.created_at) ?? '',
      updated_at: iso(row.updated_at) ?? '',
      codes: codesOf.get(row.id) ?? [],
      requests_count: countOf.get(row.id) ?? 0,
      user,
      contact,
    };
  }
}

export { iso };
