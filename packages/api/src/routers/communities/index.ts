import { getCommunity, listCommunities, setCommunityMembership } from '@rhema/core';
import {
  ZCommunity,
  ZCommunityListRequest,
  ZCommunityMembershipResult,
  ZCommunityPage,
  ZCommunitySlugRequest,
} from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure, router } from '../../trpc';

const ZCommunityPageRequest = ZCommunitySlugRequest.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const communitiesRouter = router({
  list: authenticatedProcedure
    .input(ZCommunityListRequest.optional())
    .output(z.array(ZCommunity))
    .query(({ ctx, input }) => listCommunities({ db: ctx.db, userId: ctx.user.id, kind: input?.kind })),
  get: authenticatedProcedure
    .input(ZCommunityPageRequest)
    .output(ZCommunityPage)
    .query(({ ctx, input }) =>
      getCommunity({ db: ctx.db, userId: ctx.user.id, slug: input.slug, page: input.page, now: ctx.now() }),
    ),
  join: authenticatedProcedure
    .input(ZCommunitySlugRequest)
    .output(ZCommunityMembershipResult)
    .mutation(({ ctx, input }) =>
      setCommunityMembership({
        db: ctx.db,
        userId: ctx.user.id,
        slug: input.slug,
        join: true,
        now: ctx.now(),
      }),
    ),
  leave: authenticatedProcedure
    .input(ZCommunitySlugRequest)
    .output(ZCommunityMembershipResult)
    .mutation(({ ctx, input }) =>
      setCommunityMembership({
        db: ctx.db,
        userId: ctx.user.id,
        slug: input.slug,
        join: false,
        now: ctx.now(),
      }),
    ),
});
