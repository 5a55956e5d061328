import { introductionQueries, type Database } from '@rhema/db';
import type { TContactDisclosure } from '@rhema/schemas';
import { loadMemberProfiles } from '../profiles/member-profiles';

/**
 * "Who can see my phone number": every member the signed-in member's contact details were released to, with the
 * date. Read from contact_disclosures, the same rows that let those members see the number.
 */
export async function listMyContactDisclosures({
  db,
  now,
  userId,
}: {
  db: Database;
  now: Date;
  userId: string;
}): Promise<TContactDisclosure[]> {
  const rows = await introductionQueries.listDisclosuresOfSubject(db, userId);
  const viewers = await loadMemberProfiles({
    db,
    userIds: rows.map((row) => row.viewer_id),
    viewer: { kind: 'member', userId },
    now,
  });
  return rows.flatMap((row) => {
    const viewer = viewers.get(row.viewer_id);
    return viewer
      ? [
          {
            _id: row.id,
            introduction_id: row.introduction_id,
            fields: row.fields,
            disclosed_at: row.disclosed_at.toISOString(),
            viewer,
          },
        ]
      : [];
  });
}
