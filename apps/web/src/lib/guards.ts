import type { Role, TSessionUser } from '@rhema/schemas';
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../routes/__root';
import { ensureSessionUser } from './session';

/** Thrown by a guard when the signed-in user's role may not open the page; the route shows a 403 page. */
export class ForbiddenError extends Error {
  constructor() {
    super('You do not have access to this page');
    this.name = 'ForbiddenError';
  }
}

/**
 * The one route guard, for a route's `beforeLoad`: `requireUser()` for any signed-in user,
 * `requireUser(STAFF_ROLES)` for some roles. Without a signed-in user the visitor goes to /auth/login and comes
 * back after; a user of another role gets ForbiddenError, shown by <GuardError> (set it as the
 * route's errorComponent). The route's children then read `user` from the route context, typed to those roles.
 */
export function requireUser<R extends Role = Role>(roles?: readonly R[]) {
  const guard = async ({
    context,
    location,
  }: {
    context: RouterContext;
    location: { href: string };
  }): Promise<{ user: TSessionUser & { role: R } }> => {
    const user = await ensureSessionUser(context.queryClient, context.trpc);
    if (!user) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
    if (roles && !(roles as readonly Role[]).includes(user.role)) throw new ForbiddenError();
    return { user: user as TSessionUser & { role: R } };
  };
  guards.add(guard);
  return guard;
}

const guards = new WeakSet<object>();

/**
 * Whether a route's `beforeLoad` is this guard: the build lists the routes behind it so the server can send a
 * signed-out request for one of them to the login page itself, before any script loads (apps/web/vite-plugins.ts).
 */
export function isSignInGuard(beforeLoad: unknown): boolean {
  return typeof beforeLoad === 'function' && guards.has(beforeLoad);
}
