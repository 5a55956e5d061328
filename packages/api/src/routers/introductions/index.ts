import { router } from '../../trpc';
import { acceptIntroductionProcedure } from './accept';
import { introductionByMatchIdProcedure } from './by-match-id';
import { contactDisclosuresProcedure } from './contact-disclosures';
import { listIntroductionsProcedure } from './list';
import { rejectIntroductionProcedure } from './reject';
import { requestIntroductionProcedure } from './request';
import { requestPublicIntroductionProcedure } from './request-public';

export const introductionsRouter = router({
  request: requestIntroductionProcedure,
  accept: acceptIntroductionProcedure,
  reject: rejectIntroductionProcedure,
  list: listIntroductionsProcedure,
  byMatchId: introductionByMatchIdProcedure,
  requestPublic: requestPublicIntroductionProcedure,
  contactDisclosures: contactDisclosuresProcedure,
});
