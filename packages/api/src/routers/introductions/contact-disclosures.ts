import { listMyContactDisclosures } from '@rhema/core';
import { ZContactDisclosureList } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure } from '../../trpc';

/** "Who can see my phone number": each member the signed-in member's details were released to, with the date. */
export const contactDisclosuresProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZContactDisclosureList)
  .query(({ ctx }) => listMyContactDisclosures({ db: ctx.db, now: ctx.now(), userId: ctx.user.id }));
