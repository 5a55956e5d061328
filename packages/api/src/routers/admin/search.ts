import { listIntroductions, searchMembers, viewerOf } from '@rhema/core';
import {
  ZAdminIntroductionListRequest,
  ZAdminIntroductionPage,
  ZAdminSearchPage,
  ZAdminSearchRequest,
} from '@rhema/schemas';
import { staffProcedure } from '../../trpc';

/** GET user-introductions/pre/matched: the introduction search over members ('Rhema introductions'). */
export const adminSearchProcedure = staffProcedure
  .input(ZAdminSearchRequest)
  .output(ZAdminSearchPage)
  .query(({ ctx, input }) =>
    searchMembers({ db: ctx.db, now: ctx.now(), viewer: viewerOf(ctx.user), input }),
  );

/** GET admin/user-introductions/introduction/list: every introduction with its cards, newest first. */
export const adminIntroductionsProcedure = staffProcedure
  .input(ZAdminIntroductionListRequest)
  .output(ZAdminIntroductionPage)
  .query(({ ctx, input }) =>
    listIntroductions({ db: ctx.db, now: ctx.now(), viewer: viewerOf(ctx.user), prematched: false, input }),
  );

/** GET admin/user-introductions/pre/matched: the pre-matched introductions (owner and contact). */
export const adminPrematchedProcedure = staffProcedure
  .input(ZAdminIntroductionListRequest)
  .output(ZAdminIntroductionPage)
  .query(({ ctx, input }) =>
    listIntroductions({ db: ctx.db, now: ctx.now(), viewer: viewerOf(ctx.user), prematched: true, input }),
  );
