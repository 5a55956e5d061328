import { askForIntroduction } from '@rhema/core';
import { ZMatchRequestCreate, ZMatchRequestSendResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** POST /api/v1/match-requests: "Ask a consultant to introduce me" on a member's profile or card. */
export const createMatchRequestProcedure = authenticatedProcedure
  .input(ZMatchRequestCreate)
  .output(ZMatchRequestSendResult)
  .mutation(({ ctx, input }) =>
    askForIntroduction({ ...useCaseDeps(ctx), userId: ctx.user.id, memberId: input.user_id }),
  );
