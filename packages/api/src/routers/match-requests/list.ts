import { listMyMatchRequests } from '@rhema/core';
import { ZMatchRequestList } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** GET /api/v1/match-requests: the member's requests to the consultants, where each stands, today's allowance. */
export const listMatchRequestsProcedure = authenticatedProcedure
  .output(ZMatchRequestList)
  .query(({ ctx }) => listMyMatchRequests({ ...useCaseDeps(ctx), userId: ctx.user.id }));
