import { getSpecialConsent } from '@rhema/core';
import { ZSpecialConsentState } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The special-category consent (faith, ethnicity, tribe): docs/decisions/083-special-category-consent.md. */
export const specialConsentProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZSpecialConsentState)
  .query(({ ctx }) => getSpecialConsent({ ...useCaseDeps(ctx), userId: ctx.user.id }));
