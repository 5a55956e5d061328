import { withdrawSpecialConsent } from '@rhema/core';
import { ZSpecialConsentState } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const withdrawSpecialConsentProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZSpecialConsentState)
  .mutation(({ ctx }) => withdrawSpecialConsent({ ...useCaseDeps(ctx), userId: ctx.user.id }));
