import { listMyContactDisclosures } from '@rhema/core';
import { ZContactDisclosureList } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** "Who can see my phone number": each member the signed-in member's details were released to, with the date. */
export const contactDisclosuresProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZContactDisclosureList)
  .query(({ ctx }) => listMyContactDisclosures({ ...useCaseDeps(ctx), userId: ctx.user.id }));
