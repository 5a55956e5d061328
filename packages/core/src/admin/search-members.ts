import type { TAdminSearchPage } from '@rhema/schemas';
import { ageOn } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { loadMemberProfiles } from '../profiles/member-profiles';
import type { ProfileViewer } from '../profiles/visibility';
import { findMembers, type MemberSearchInput } from './find-members';

/**
 * The introduction search (GET user-introductions/pre/matched): members to introduce, each as the
 * search result `{ _id, user_age, contact }` with the staff profile, and the console's paginator.
 */
export async function searchMembers({
  db,
  now,
  viewer,
  input,
}: Pick<UseCaseDeps, 'db' | 'now'> & {
  viewer: ProfileViewer;
  input: MemberSearchInput;
}): Promise<TAdminSearchPage> {
  const { rows, paginator } = await findMembers({ db, now, input });
  const profiles = await loadMemberProfiles({ db, userIds: rows.map((row) => row.id), viewer, now });
  return {
    data: rows.flatMap((row) => {
      const contact = profiles.get(row.id);
      return contact ? [{ _id: row.id, user_age: ageOn(row.date_of_birth, now), contact }] : [];
    }),
    paginator,
  };
}
