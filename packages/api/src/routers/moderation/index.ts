import { dismissReport, listReports, suspendFromReport } from '@rhema/core';
import {
  ZModerationDismissRequest,
  ZModerationList,
  ZModerationListRequest,
  ZModerationSuspendRequest,
  ZReportResult,
} from '@rhema/schemas';
import { router, staffProcedure } from '../../trpc';

/** The moderation queue of /admin21/reports: staff only, every decision audited (packages/core/src/social). */
export const moderationRouter = router({
  list: staffProcedure
    .input(ZModerationListRequest)
    .output(ZModerationList)
    .query(({ ctx, input }) => listReports({ db: ctx.db, status: input.status, page: input.page })),
  dismiss: staffProcedure
    .input(ZModerationDismissRequest)
    .output(ZReportResult)
    .mutation(({ ctx, input }) =>
      dismissReport({
        db: ctx.db,
        staffId: ctx.user.id,
        reportId: input.report_id,
        note: input.note,
        now: ctx.now(),
      }),
    ),
  suspend: staffProcedure
    .input(ZModerationSuspendRequest)
    .output(ZReportResult)
    .mutation(({ ctx, input }) =>
      suspendFromReport({
        db: ctx.db,
        staffId: ctx.user.id,
        reportId: input.report_id,
        reason: input.reason,
        now: ctx.now(),
      }),
    ),
});
