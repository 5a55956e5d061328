import { getThread } from '@rhema/core';
import { ZThread, ZThreadRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const threadProcedure = authenticatedProcedure
  .input(ZThreadRequest)
  .output(ZThread)
  .query(({ ctx, input }) =>
    getThread({ ...useCaseDeps(ctx), userId: ctx.user.id, otherId: input.user_id, before: input.before }),
  );
