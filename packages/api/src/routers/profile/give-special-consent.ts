import { giveSpecialConsent } from '@rhema/core';
import { ZSpecialConsentGrant, ZSpecialConsentState } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const giveSpecialConsentProcedure = authenticatedProcedure
  .input(ZSpecialConsentGrant)
  .output(ZSpecialConsentState)
  .mutation(({ ctx }) => giveSpecialConsent({ ...useCaseDeps(ctx), userId: ctx.user.id }));
