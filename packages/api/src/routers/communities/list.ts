import { listCommunities } from '@rhema/core';
import { ZCommunity, ZCommunityListRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const listCommunitiesProcedure = authenticatedProcedure
  .input(ZCommunityListRequest.optional())
  .output(z.array(ZCommunity))
  .query(({ ctx, input }) =>
    listCommunities({ ...useCaseDeps(ctx), userId: ctx.user.id, kind: input?.kind }),
  );
