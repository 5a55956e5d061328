import { reportMember } from '@rhema/core';
import { ZReportRequest, ZReportResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const reportMemberProcedure = authenticatedProcedure
  .input(ZReportRequest)
  .output(ZReportResult)
  .mutation(({ ctx, input }) => reportMember({ ...useCaseDeps(ctx), userId: ctx.user.id, report: input }));
