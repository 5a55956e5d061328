import { signOut } from '@rhema/core';
import { ZOkResponse } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

/** Ends the session on the server (the token answers 401 afterwards); signed out already is fine too. */
export const logoutProcedure = publicProcedure
  .input(z.object({}).optional())
  .output(ZOkResponse)
  .mutation(async ({ ctx }) => {
    if (ctx.session) await signOut({ ...useCaseDeps(ctx), sessionId: ctx.session.id });
    ctx.sessionCookies?.clear();
    return { ok: true as const };
  });
