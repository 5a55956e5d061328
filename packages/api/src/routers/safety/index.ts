import { router } from '../../trpc';
import { blockMemberProcedure } from './block';
import { listBlockedProcedure } from './blocked';
import { reportMemberProcedure } from './report';
import { unblockMemberProcedure } from './unblock';

export const safetyRouter = router({
  block: blockMemberProcedure,
  unblock: unblockMemberProcedure,
  blocked: listBlockedProcedure,
  report: reportMemberProcedure,
});
