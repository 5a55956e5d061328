import { dismissReport } from '@rhema/core';
import { ZModerationDismissRequest, ZReportResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

export const dismissReportProcedure = staffProcedure
  .input(ZModerationDismissRequest)
  .output(ZReportResult)
  .mutation(({ ctx, input }) =>
    dismissReport({ ...useCaseDeps(ctx), staffId: ctx.user.id, reportId: input.report_id, note: input.note }),
  );
