import { userQueries, type Database } from '@rhema/db';
import { ZProfileVisibility, type TMyProfile } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { loadMemberProfile } from '../profiles/member-profiles';

/** The member's own profile: the one profile shape as they see it, plus the settings only they see. */
export async function getMyProfile({
  db,
  userId,
  now,
}: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<TMyProfile> {
  const [own, profile] = await Promise.all([
    userQueries.findOwnProfileSettings(db, userId),
    loadMemberProfile({ db, userId, viewer: { kind: 'member', userId }, now }),
  ]);
  if (!own || !profile) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return {
    ...profile,
    handle: own.handle,
    gender: own.gender,
    city: own.city,
    height_cm: own.height_cm,
    contact_reference: own.contact_reference,
    is_profile_public: own.profile_visibility === 'visible',
    profile_visibility: ZProfileVisibility.parse(own.profile_visibility),
  };
}
