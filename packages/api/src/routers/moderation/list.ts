import { listReports } from '@rhema/core';
import { ZModerationList, ZModerationListRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

export const listReportsProcedure = staffProcedure
  .input(ZModerationListRequest)
  .output(ZModerationList)
  .query(({ ctx, input }) => listReports({ ...useCaseDeps(ctx), status: input.status, page: input.page }));
