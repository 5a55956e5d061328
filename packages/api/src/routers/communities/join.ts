import { setCommunityMembership } from '@rhema/core';
import { ZCommunityJoinRequest, ZCommunityMembershipResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const joinCommunityProcedure = authenticatedProcedure
  .input(ZCommunityJoinRequest)
  .output(ZCommunityMembershipResult)
  .mutation(({ ctx, input }) =>
    setCommunityMembership({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      slug: input.slug,
      join: true,
      specialConsentTextVersion: input.special_consent_text_version,
    }),
  );
