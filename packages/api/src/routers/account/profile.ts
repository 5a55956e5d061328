import { getMyProfile } from '@rhema/core';
import { ZMyProfile } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const myProfileProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZMyProfile)
  .query(({ ctx }) => getMyProfile({ ...useCaseDeps(ctx), userId: ctx.user.id }));
