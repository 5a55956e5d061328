import { router } from '../../trpc';
import {
  adminActivateProcedure,
  adminDeactivateProcedure,
  adminNoteProcedure,
  adminRegisterProcedure,
  adminRequestOnBehalfProcedure,
  adminSuggestionProcedure,
} from './changes';
import { adminIntroductionsProcedure, adminPrematchedProcedure, adminSearchProcedure } from './search';
import {
  adminIntroductionDetailProcedure,
  adminMemberProcedure,
  adminOwnerProcedure,
  adminUserIntroductionsProcedure,
  adminUserProcedure,
} from './views';

/** The consultants' console (issue 10): every procedure is staff-only and every change is audited. */
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
  requestOnBehalf: adminRequestOnBehalfProcedure,
});
