import type { Database } from '../create-db';
import { precompiled } from './precompiled';

export interface NewSessionRow {
  id: string;
  user_id: string;
  secret_hash: Uint8Array;
  xsrf_token_hash: Uint8Array;
  created_at: Date;
  last_verified_at: Date;
  expires_at: Date;
  user_agent: string | null;
  ip: string | null;
}

export async function insertSession(db: Database, row: NewSessionRow) {
  await db
    .insertInto('sessions')
    .values({
      ...row,
      secret_hash: Buffer.from(row.secret_hash),
      xsrf_token_hash: Buffer.from(row.xsrf_token_hash),
    })
    .execute();
}

/** The session with the user it belongs to (what every authenticated request needs, in one round trip). */
// built once (./precompiled.ts): every signed-in request runs it
const sessionWithUser = precompiled(['sessionId'], (db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.secret_hash',
      'sessions.xsrf_token_hash',
      'sessions.created_at',
      'sessions.last_verified_at',
      'sessions.expires_at',
      'users.role',
      'users.status',
      'users.first_name',
    ])
    .where('sessions.id', '=', p.sessionId),
);

export async function findSessionWithUser(db: Database, sessionId: string) {
  const [row] = await sessionWithUser(db, { sessionId });
  return row;
}

export async function extendSession(db: Database, sessionId: string, verifiedAt: Date, expiresAt: Date) {
  await db
    .updateTable('sessions')
    .set({ last_verified_at: verifiedAt, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Revokes every session of a user, optionally keeping one (the one that changed the password). */
export async function deleteUserSessions(db: Database, userId: string, exceptSessionId?: string) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Database, now: Date) {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
