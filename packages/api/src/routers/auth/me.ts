import { getMe } from '@rhema/core';
import { ZSessionUser } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** For mobile clients: the signed-in user, or 401 (which makes the client sign out). */
export const meProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(z.object({ user: ZSessionUser }))
  .query(async ({ ctx }) => ({ user: await getMe({ ...useCaseDeps(ctx), userId: ctx.user.id }) }));
