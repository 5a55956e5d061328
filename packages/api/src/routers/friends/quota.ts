import { getFriendQuota } from '@rhema/core';
import { ZFriendQuota } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const friendQuotaProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZFriendQuota)
  .query(({ ctx }) => getFriendQuota({ ...useCaseDeps(ctx), userId: ctx.user.id }));
