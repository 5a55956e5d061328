import { listMatchRequestQueue, viewerOf } from '@rhema/core';
import { ZAdminMatchRequestListRequest, ZAdminMatchRequestPage } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** The console's requests queue: members' requests for an introduction, open or handled. */
export const adminMatchRequestsProcedure = staffProcedure
  .input(ZAdminMatchRequestListRequest)
  .output(ZAdminMatchRequestPage)
  .query(({ ctx, input }) =>
    listMatchRequestQueue({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), input }),
  );
