import { getMe } from '@rhema/core';
import { ZMeResponse } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

/** For the web app: who is signed in, if anyone (an anonymous visitor is not an error). */
export const sessionProcedure = publicProcedure
  .input(z.object({}).optional())
  .output(ZMeResponse)
  .query(async ({ ctx }) => ({
    user: ctx.user ? await getMe({ ...useCaseDeps(ctx), userId: ctx.user.id }) : null,
  }));
