import { listEvents } from '@rhema/core';
import { ZEventList, ZEventListRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** GET /api/v1/events: the upcoming published events, soonest first, `city` to narrow them. */
export const listEventsProcedure = authenticatedProcedure
  .input(ZEventListRequest)
  .output(ZEventList)
  .query(({ ctx, input }) => listEvents({ ...useCaseDeps(ctx), userId: ctx.user.id, input }));
