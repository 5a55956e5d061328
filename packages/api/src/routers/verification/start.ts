import { AppError, startVerification } from '@rhema/core';
import { ZStartedVerification } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** POST user-verification: opens a session with the identity provider; answers its URL. */
export const startVerificationProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZStartedVerification)
  .mutation(({ ctx }) => {
    if (!ctx.identity)
      throw new AppError(
        'UNAVAILABLE',
        'Identity verification is not available yet. Please try again later.',
      );
    return startVerification({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      provider: ctx.identity,
      returnUrl: `${ctx.linkOrigin}/account/verification`,
    });
  });
