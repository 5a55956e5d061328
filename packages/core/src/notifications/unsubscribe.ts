import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@rhema/db';
import { NOTIFICATION_KINDS, type NotificationKind } from '@rhema/schemas';
import { turnEmailOff } from './settings';

// One-click unsubscribe (RFC 8058): every notification mail carries List-Unsubscribe with an https URL holding a
// token signed with the server's secret (NOTIFICATION_SECRET), naming the member and the kind. A POST to it with
// `List-Unsubscribe=One-Click` and no cookie turns that kind's email off: the token is the whole authority, so it
// is signed and says nothing but ids.

export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';

const sign = (secret: string, text: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${text}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const text = Buffer.from(JSON.stringify({ u: userId, k: kind })).toString('base64url');
  return `${text}.${sign(secret, text)}`;
}

/** The member and kind of a token this server signed, or null. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [text, mac, ...rest] = token.split('.');
  if (!text || !mac || rest.length) return null;
  const expected = Buffer.from(sign(secret, text));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
    if (typeof value.u !== 'string' || !(NOTIFICATION_KINDS as readonly unknown[]).includes(value.k))
      return null;
    return { userId: value.u, kind: value.k as NotificationKind };
  } catch {
    return null;
  }
}

export function unsubscribeUrl(origin: string, secret: string, userId: string, kind: NotificationKind) {
  return `${origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secret, userId, kind)}`;
}

/** Applies a one-click unsubscribe; false for a token that is not ours (the caller answers 400). */
export async function unsubscribeByToken(options: {
  db: Database;
  secret: string;
  token: string;
  now: Date;
}): Promise<{ kind: NotificationKind } | null> {
  const read = readUnsubscribeToken(options.secret, options.token);
  if (!read) return null;
  await turnEmailOff(options.db, read.userId, read.kind, options.now);
  return { kind: read.kind };
}
