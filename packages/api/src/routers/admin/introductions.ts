import { listIntroductions, viewerOf } from '@rhema/core';
import { ZAdminIntroductionListRequest, ZAdminIntroductionPage } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** GET admin/user-introductions/introduction/list: every introduction with its cards, newest first. */
export const adminIntroductionsProcedure = staffProcedure
  .input(ZAdminIntroductionListRequest)
  .output(ZAdminIntroductionPage)
  .query(({ ctx, input }) =>
    listIntroductions({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), prematched: false, input }),
  );
