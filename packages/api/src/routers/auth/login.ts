import { signIn, signOut } from '@rhema/core';
import { ZLoginRequest, ZLoginResponse } from '@rhema/schemas';
import { deliverSession, useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

export const loginProcedure = publicProcedure
  .input(ZLoginRequest)
  .output(ZLoginResponse)
  .mutation(async ({ ctx, input }) => {
    const result = await signIn({ ...useCaseDeps(ctx), input });
    // a new token at every login: the session the request came with (if any) ends here
    if (ctx.session) await signOut({ ...useCaseDeps(ctx), sessionId: ctx.session.id });
    return deliverSession(ctx, result);
  });
