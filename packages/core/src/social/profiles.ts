import type { Database } from '@rhema/db';
import type { TMemberProfile } from '@rhema/schemas';
import { loadMemberProfiles } from '../profiles/member-profiles';

/**
 * Other members' profiles as a member sees them, through the one public-profile mapper (../profiles), batched, in
 * the order of `ids`; ids without a user are left out.
 */
export async function memberProfiles(options: {
  db: Database;
  ids: readonly string[];
  viewerId: string;
  now: Date;
}): Promise<TMemberProfile[]> {
  const profiles = await loadMemberProfiles({
    db: options.db,
    userIds: options.ids,
    viewer: { kind: 'member', userId: options.viewerId },
    now: options.now,
  });
  return options.ids.flatMap((id) => {
    const profile = profiles.get(id);
    return profile ? [profile] : [];
  });
}
