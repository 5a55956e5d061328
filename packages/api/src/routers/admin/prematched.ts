import { listIntroductions, viewerOf } from '@rhema/core';
import { ZAdminIntroductionListRequest, ZAdminIntroductionPage } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** GET admin/user-introductions/pre/matched: the pre-matched introductions (owner and contact). */
export const adminPrematchedProcedure = staffProcedure
  .input(ZAdminIntroductionListRequest)
  .output(ZAdminIntroductionPage)
  .query(({ ctx, input }) =>
    listIntroductions({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), prematched: true, input }),
  );
