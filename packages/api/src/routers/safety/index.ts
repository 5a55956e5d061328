import { blockMember, listBlocked, reportMember, unblockMember } from '@rhema/core';
import { ZBlockedList, ZBlockRequest, ZBlockResult, ZReportRequest, ZReportResult } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure, router } from '../../trpc';

export const safetyRouter = router({
  block: authenticatedProcedure
    .input(ZBlockRequest)
    .output(ZBlockResult)
    .mutation(({ ctx, input }) =>
      blockMember({ db: ctx.db, userId: ctx.user.id, targetId: input.user_id, now: ctx.now() }),
    ),
  unblock: authenticatedProcedure
    .input(ZBlockRequest)
    .output(ZBlockResult)
    .mutation(({ ctx, input }) =>
      unblockMember({ db: ctx.db, userId: ctx.user.id, targetId: input.user_id, now: ctx.now() }),
    ),
  blocked: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZBlockedList)
    .query(({ ctx }) => listBlocked({ db: ctx.db, userId: ctx.user.id })),
  report: authenticatedProcedure
    .input(ZReportRequest)
    .output(ZReportResult)
    .mutation(({ ctx, input }) =>
      reportMember({ db: ctx.db, userId: ctx.user.id, report: input, now: ctx.now() }),
    ),
});
