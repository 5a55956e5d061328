// The client's view of the signed-in user. The session itself is an HttpOnly cookie the app never sees; what the
// app keeps is the `auth.session` query (who is signed in), in memory only: nothing secret in localStorage.
import { STAFF_ROLES, takeEmbeddedJson, type TSessionUser } from '@rhema/schemas';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { Trpc } from './trpc';

export type SessionUser = TSessionUser;

export function sessionQueryOptions(trpc: Trpc) {
  return trpc.auth.session.queryOptions(undefined, { staleTime: 5 * 60_000 });
}

/** The element the server puts the session into (apps/server/src/routes/pages.ts EMBEDDED_SESSION_ID). */
const EMBEDDED_SESSION_ID = 'rhema-session';

/**
 * A page sent to a signed-in browser carries the `auth.session` answer (docs/decisions/130-signed-in-pages-without-a-
 * waterfall.md): put it into the cache before the router starts, so a route guard does not wait for a call before
 * the page's code and data start loading. Read once; a page without it asks the server as before.
 */
export function seedEmbeddedSession(queryClient: QueryClient, trpc: Trpc, doc: Document = document) {
  const data = takeEmbeddedJson(EMBEDDED_SESSION_ID, doc);
  if (typeof data !== 'object' || data === null || !('user' in data)) return;
  queryClient.setQueryData(sessionQueryOptions(trpc).queryKey, data as { user: SessionUser | null });
}

/** Reads the signed-in user for a route guard (from the cache when fresh). */
export async function ensureSessionUser(queryClient: QueryClient, trpc: Trpc) {
  const { user } = await queryClient.ensureQueryData(sessionQueryOptions(trpc));
  return user;
}

/** After login or registration: the user is known, every other cached answer belongs to the previous visitor. */
export function rememberSignedIn(queryClient: QueryClient, trpc: Trpc, user: SessionUser) {
  const sessionHash = hashKey(sessionQueryOptions(trpc).queryKey);
  queryClient.removeQueries({ predicate: (q) => q.queryHash !== sessionHash });
  queryClient.setQueryData(sessionQueryOptions(trpc).queryKey, { user });
}

/** Logout or a 401: forget everything about the user (all local storage is cleared on logout). */
export function forgetSession(queryClient: QueryClient, trpc: Trpc) {
  queryClient.clear();
  queryClient.setQueryData(sessionQueryOptions(trpc).queryKey, { user: null });
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // storage may be disabled; nothing of ours is there anyway
  }
}

/** Only redirect targets inside the app: a path, never another origin ('//evil.example'). The URL parser decides,
 * as the browser will: it drops tabs and line breaks, so '/\t/evil.example' is '//evil.example' to it. */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/')) return undefined;
  const base = 'https://app.invalid';
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || url.pathname.startsWith('//') || url.pathname.startsWith('/auth/'))
    return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a user lands once signed in (when no page asked for them): staff in the console; a member who has just
 * signed up in the onboarding; any other member where the product's introductions flag says.
 */
export function landingPath(
  user: SessionUser,
  { signedUp = false }: { signedUp?: boolean } = {},
): '/admin21' | '/account/welcome' | '/account/introductions' | '/account' {
  if ((STAFF_ROLES as readonly string[]).includes(user.role)) return '/admin21';
  if (signedUp) return '/account/welcome';
  return user.introductions ? '/account/introductions' : '/account';
}
