import { suspendFromReport } from '@rhema/core';
import { ZModerationSuspendRequest, ZReportResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

export const suspendFromReportProcedure = staffProcedure
  .input(ZModerationSuspendRequest)
  .output(ZReportResult)
  .mutation(({ ctx, input }) =>
    suspendFromReport({
      ...useCaseDeps(ctx),
      staffId: ctx.user.id,
      reportId: input.report_id,
      reason: input.reason,
    }),
  );
