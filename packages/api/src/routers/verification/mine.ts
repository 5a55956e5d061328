import { getMyVerification } from '@rhema/core';
import { ZVerification } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** GET user-verification: the member's identity check (not started, pending, verified, declined, expired, revoked). */
export const myVerificationProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZVerification)
  .query(({ ctx }) => getMyVerification({ ...useCaseDeps(ctx), userId: ctx.user.id }));
