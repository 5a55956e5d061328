import { getFriendQuota, getFriends } from '@rhema/core';
import { ZFriendsOverview } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const friendsOverviewProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZFriendsOverview)
  .query(async ({ ctx }) => {
    const deps = useCaseDeps(ctx);
    const [lists, quota] = await Promise.all([
      getFriends({ ...deps, userId: ctx.user.id }),
      getFriendQuota({ ...deps, userId: ctx.user.id }),
    ]);
    return { ...lists, quota };
  });
