import { getProfileEditor, updateProfile } from '@rhema/core';
import { ZProfileEditor, ZProfileUpdate } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure, router } from '../../trpc';

/** Profile editing at /account/profile (issue 11, item 1). */
export const profileRouter = router({
  editor: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZProfileEditor)
    .query(({ ctx }) => getProfileEditor({ db: ctx.db, userId: ctx.user.id })),
  update: authenticatedProcedure
    .input(ZProfileUpdate)
    .output(ZProfileEditor)
    .mutation(({ ctx, input }) => updateProfile({ db: ctx.db, userId: ctx.user.id, input, now: ctx.now() })),
});
