import { invalidateSession } from '@rhema/auth';
import type { Database } from '@rhema/db';

/** Server-side logout: the token is unusable afterwards (docs/security.md target 3). */
export async function signOut({ db, sessionId }: { db: Database; sessionId: string }): Promise<void> {
  await invalidateSession(db, sessionId);
}
