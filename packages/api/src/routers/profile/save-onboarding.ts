import { saveOnboarding } from '@rhema/core';
import { ZOnboardingSave, ZOnboardingState } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const saveOnboardingProcedure = authenticatedProcedure
  .input(ZOnboardingSave)
  .output(ZOnboardingState)
  .mutation(({ ctx, input }) => saveOnboarding({ ...useCaseDeps(ctx), userId: ctx.user.id, input }));
