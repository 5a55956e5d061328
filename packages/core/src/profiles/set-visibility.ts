import { userQueries, type Database } from '@rhema/db';
import { ZProfileVisibility, type TProfileVisibility, type TVisibilityUpdate } from '@rhema/schemas';
import { AppError } from '../errors/app-error';

/** Settings: who finds the member (docs/decisions/172-profile-visibility.md). */
export async function setProfileVisibility({
  db,
  userId,
  now,
  input,
}: {
  db: Database;
  userId: string;
  now: Date;
  input: TVisibilityUpdate;
}): Promise<{ profile_visibility: TProfileVisibility }> {
  const row = await userQueries.setProfileVisibility(db, {
    userId,
    visibility: input.profile_visibility,
    now,
  });
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return { profile_visibility: ZProfileVisibility.parse(row.profile_visibility) };
}
