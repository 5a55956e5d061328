// Sessions after Lucia's guide (https://lucia-auth.com/sessions/basic): the token is `<id>.<secret>`; only the
// SHA-256 of the secret is stored, compared in constant time; sliding expiry for members, an absolute limit for
// staff (docs/security.md target 3).
import { sessionQueries, type Database } from '@rhema/db';
import { isStaffRole, type Role } from '@rhema/schemas';
import { randomToken, sha256Bytes, timingSafeEqualBytes } from './crypto';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MEMBER_SESSION_MS = 30 * DAY_MS;
/** a member's session is pushed forward when less than this is left (one write a fortnight, not per request) */
export const MEMBER_SESSION_RENEW_MS = 15 * DAY_MS;
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

/** 16 bytes of id and 32 bytes (256 bits) of secret: well above the 128 bits of docs/security.md target 3. */
const ID_BYTES = 16;
const SECRET_BYTES = 32;

export interface SessionUser {
  id: string;
  role: Role;
  status: string;
  first_name: string;
}

export interface ValidSession {
  id: string;
  userId: string;
  expiresAt: Date;
  /** set when this validation pushed the expiry forward (the cookie should be re-sent) */
  renewed: boolean;
  /** SHA-256 of the session's XSRF token (the double-submit value is bound to it) */
  xsrfTokenHash: Uint8Array | null;
}

export interface CreatedSession {
  token: string;
  xsrfToken: string;
  session: { id: string; userId: string; expiresAt: Date };
}

export async function createSession(
  db: Database,
  options: {
    userId: string;
    role: string;
    now: Date;
    userAgent?: string | undefined;
    ip?: string | undefined;
  },
): Promise<CreatedSession> {
  const id = randomToken(ID_BYTES);
  const secret = randomToken(SECRET_BYTES);
  const xsrfToken = randomToken(SECRET_BYTES);
  const expiresAt = new Date(
    options.now.getTime() + (isStaffRole(options.role) ? STAFF_SESSION_MS : MEMBER_SESSION_MS),
  );
  await sessionQueries.insertSession(db, {
    id,
    user_id: options.userId,
    secret_hash: sha256Bytes(secret),
    xsrf_token_hash: sha256Bytes(xsrfToken),
    created_at: options.now,
    last_verified_at: options.now,
    expires_at: expiresAt,
    user_agent: options.userAgent?.slice(0, 512) ?? null,
    ip: options.ip ?? null,
  });
  return { token: `${id}.${secret}`, xsrfToken, session: { id, userId: options.userId, expiresAt } };
}

/** The session id part of a token, or null for anything that is not shaped like one. */
export function parseSessionToken(token: string): { id: string; secret: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [id, secret] = parts as [string, string];
  if (!/^[a-z2-7]{16,64}$/.test(id) || !/^[a-z2-7]{32,128}$/.test(secret)) return null;
  return { id, secret };
}

/**
 * Resolves a token to its session and user, or null when it is unknown, wrong, expired, or its user may no longer
 * sign in (suspended, terminated). Expired and orphaned sessions are deleted on sight.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ session: ValidSession; user: SessionUser } | null> {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  const row = await sessionQueries.findSessionWithUser(db, parsed.id);
  if (!row) return null;
  if (!timingSafeEqualBytes(sha256Bytes(parsed.secret), new Uint8Array(row.secret_hash))) return null;

  const staff = isStaffRole(row.role);
  // staff: 12 hours from sign-in, whatever the stored expiry says (a member promoted mid-session is capped too)
  const absoluteEnd = staff ? row.created_at.getTime() + STAFF_SESSION_MS : Infinity;
  const end = Math.min(row.expires_at.getTime(), absoluteEnd);
  if (now.getTime() >= end || row.status !== 'active') {
    await sessionQueries.deleteSession(db, row.id);
    return null;
  }

  let expiresAt = new Date(end);
  let renewed = false;
  if (!staff && end - now.getTime() < MEMBER_SESSION_RENEW_MS) {
    expiresAt = new Date(now.getTime() + MEMBER_SESSION_MS);
    await sessionQueries.extendSession(db, row.id, now, expiresAt);
    renewed = true;
  }
  return {
    session: {
      id: row.id,
      userId: row.user_id,
      expiresAt,
      renewed,
      xsrfTokenHash: row.xsrf_token_hash ? new Uint8Array(row.xsrf_token_hash) : null,
    },
    user: { id: row.user_id, role: row.role as Role, status: row.status, first_name: row.first_name },
  };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await sessionQueries.deleteSession(db, sessionId);
}

export async function invalidateUserSessions(
  db: Database,
  userId: string,
  options: { except?: string } = {},
): Promise<number> {
  return sessionQueries.deleteUserSessions(db, userId, options.except);
}
