import { userQueries, type Database } from '@rhema/db';
import type { Role, TSessionUser } from '@rhema/schemas';

export async function toSessionUser(
  db: Database,
  user: { id: string; first_name: string; last_name: string; email: string; role: string },
): Promise<TSessionUser> {
  return {
    _id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role as Role,
    introductions: await userQueries.hasIntroductions(db, user.id),
  };
}
