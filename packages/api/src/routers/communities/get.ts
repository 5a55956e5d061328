import { getCommunity } from '@rhema/core';
import { ZCommunityPage, ZCommunitySlugRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

const ZCommunityPageRequest = ZCommunitySlugRequest.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const getCommunityProcedure = authenticatedProcedure
  .input(ZCommunityPageRequest)
  .output(ZCommunityPage)
  .query(({ ctx, input }) =>
    getCommunity({ ...useCaseDeps(ctx), userId: ctx.user.id, slug: input.slug, page: input.page }),
  );
