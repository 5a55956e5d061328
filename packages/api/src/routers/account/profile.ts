import { getMyProfile } from '@rhema/core';
import { ZMyProfile } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure } from '../../trpc';

export const myProfileProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZMyProfile)
  .query(({ ctx }) => getMyProfile({ db: ctx.db, userId: ctx.user.id, now: ctx.now() }));
