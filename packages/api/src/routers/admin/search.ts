import { searchMembers, viewerOf } from '@rhema/core';
import { ZAdminSearchPage, ZAdminSearchRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** GET user-introductions/pre/matched: the introduction search over members ('Rhema introductions'). */
export const adminSearchProcedure = staffProcedure
  .input(ZAdminSearchRequest)
  .output(ZAdminSearchPage)
  .query(({ ctx, input }) => searchMembers({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), input }));
