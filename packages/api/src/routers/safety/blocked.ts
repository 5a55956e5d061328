import { listBlocked } from '@rhema/core';
import { ZBlockedList } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const listBlockedProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZBlockedList)
  .query(({ ctx }) => listBlocked({ ...useCaseDeps(ctx), userId: ctx.user.id }));
