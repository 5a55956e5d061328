import { userQueries, type Database } from '@rhema/db';
import type { TSessionUser } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { toSessionUser } from './session-user';

export async function getMe({ db, userId }: { db: Database; userId: string }): Promise<TSessionUser> {
  const user = await userQueries.findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return toSessionUser(db, user);
}
