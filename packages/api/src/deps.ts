import type { UseCaseDeps } from '@rhema/core';
import type { Context } from './context';

/**
 * The use cases' dependencies, read from the procedure context once per call (one clock reading). Every
 * procedure calls its use case as `useCase({ ...useCaseDeps(ctx), input })` (packages/core/src/deps.ts).
 */
export function useCaseDeps(ctx: Context): UseCaseDeps {
  return {
    db: ctx.db,
    jobs: ctx.jobs,
    rateLimitStore: ctx.rateLimitStore,
    now: ctx.now(),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    log: ctx.log,
  };
}

/**
 * Hands a new session to the client: the browser gets it as cookies (so no script can read the token), a mobile
 * client in the body.
 */
export function deliverSession<TUser>(
  ctx: Context,
  result: { token: string; xsrfToken: string; session: { expiresAt: Date }; user: TUser },
): { token?: string; user: TUser } {
  if (ctx.sessionCookies) {
    ctx.sessionCookies.set({
      token: result.token,
      xsrfToken: result.xsrfToken,
      expiresAt: result.session.expiresAt,
    });
    return { user: result.user };
  }
  return { token: result.token, user: result.user };
}
