import { getMe } from '@rhema/core';
import { ZMeResponse, ZSessionUser } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure, publicProcedure } from '../../trpc';

/** For mobile clients: the signed-in user, or 401 (which makes the client sign out). */
export const meProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(z.object({ user: ZSessionUser }))
  .query(async ({ ctx }) => ({ user: await getMe({ db: ctx.db, userId: ctx.user.id }) }));

/** For the web app: who is signed in, if anyone (an anonymous visitor is not an error). */
export const sessionProcedure = publicProcedure
  .input(z.object({}).optional())
  .output(ZMeResponse)
  .query(async ({ ctx }) => ({ user: ctx.user ? await getMe({ db: ctx.db, userId: ctx.user.id }) : null }));
