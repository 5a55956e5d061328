import { listCallsWith } from '@rhema/core';
import { ZCall, ZThreadRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The calls with one member, oldest first (their thread shows them as events). */
export const listCallProcedure = authenticatedProcedure
  .input(ZThreadRequest.pick({ user_id: true }))
  .output(z.object({ calls: z.array(ZCall) }))
  .query(({ ctx, input }) =>
    listCallsWith({ ...useCaseDeps(ctx), userId: ctx.user.id, otherId: input.user_id }),
  );
