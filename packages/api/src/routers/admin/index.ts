import { router } from '../../trpc';
import { adminActivateProcedure } from './activate';
import { adminAuditLogProcedure } from './audit-log';
import { adminConsoleCountsProcedure } from './console-counts';
import { adminConsoleSearchProcedure } from './console-search';
import { adminDeactivateProcedure } from './deactivate';
import { adminDeclineRequestProcedure } from './decline-request';
import { adminIntroduceRequestProcedure } from './introduce-request';
import { adminIntroductionDetailProcedure } from './introduction-detail';
import { adminIntroductionsProcedure } from './introductions';
import { adminMatchRequestsProcedure } from './match-requests';
import { adminMemberProcedure } from './member';
import { adminMembersTableProcedure } from './members-table';
import { adminNoteProcedure } from './note';
import { adminOwnerProcedure } from './owner';
import { adminPrematchedProcedure } from './prematched';
import { adminRegisterProcedure } from './register';
import { adminRemoveSuggestionProcedure } from './remove-suggestion';
import { adminRequestOnBehalfProcedure } from './request-on-behalf';
import { adminSearchProcedure } from './search';
import { adminSetMatchProcedure } from './set-match';
import { adminSuggestionProcedure } from './suggestion';
import { adminUserProcedure } from './user';
import { adminUserIntroductionsProcedure } from './user-introductions';

/**
 * The consultants' console: every procedure is staff-only and every change is audited; reading the audit log is
 * admin-only.
 */
export const adminRouter = router({
  search: adminSearchProcedure,
  introductions: adminIntroductionsProcedure,
  prematched: adminPrematchedProcedure,
  user: adminUserProcedure,
  owner: adminOwnerProcedure,
  member: adminMemberProcedure,
  introductionDetail: adminIntroductionDetailProcedure,
  userIntroductions: adminUserIntroductionsProcedure,
  register: adminRegisterProcedure,
  activate: adminActivateProcedure,
  deactivate: adminDeactivateProcedure,
  note: adminNoteProcedure,
  suggestion: adminSuggestionProcedure,
  removeSuggestion: adminRemoveSuggestionProcedure,
  setMatch: adminSetMatchProcedure,
  requestOnBehalf: adminRequestOnBehalfProcedure,
  matchRequests: adminMatchRequestsProcedure,
  introduceRequest: adminIntroduceRequestProcedure,
  declineRequest: adminDeclineRequestProcedure,
  consoleCounts: adminConsoleCountsProcedure,
  membersTable: adminMembersTableProcedure,
  consoleSearch: adminConsoleSearchProcedure,
  auditLog: adminAuditLogProcedure,
});
