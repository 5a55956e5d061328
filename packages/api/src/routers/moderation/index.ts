import { router } from '../../trpc';
import { dismissReportProcedure } from './dismiss';
import { listReportsProcedure } from './list';
import { suspendFromReportProcedure } from './suspend';

/** The moderation queue of /admin21/reports: staff only, every decision audited (packages/core/src/social). */
export const moderationRouter = router({
  list: listReportsProcedure,
  dismiss: dismissReportProcedure,
  suspend: suspendFromReportProcedure,
});
