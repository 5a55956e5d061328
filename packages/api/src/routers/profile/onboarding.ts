import { getOnboarding } from '@rhema/core';
import { ZOnboardingState } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const onboardingProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZOnboardingState)
  .query(({ ctx }) => getOnboarding({ ...useCaseDeps(ctx), userId: ctx.user.id }));
