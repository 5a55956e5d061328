import { setCommunityMembership } from '@rhema/core';
import { ZCommunityMembershipResult, ZCommunitySlugRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const leaveCommunityProcedure = authenticatedProcedure
  .input(ZCommunitySlugRequest)
  .output(ZCommunityMembershipResult)
  .mutation(({ ctx, input }) =>
    setCommunityMembership({ ...useCaseDeps(ctx), userId: ctx.user.id, slug: input.slug, join: false }),
  );
