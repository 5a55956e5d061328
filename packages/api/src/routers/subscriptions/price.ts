import { premiumPrice } from '@rhema/core';
import { ZPremiumPrice } from '@rhema/schemas';
import { z } from 'zod';
import { publicProcedure } from '../../trpc';

/** GET premium-price: what premium for one match costs (configured), shown before a member writes a request. */
export const premiumPriceProcedure = publicProcedure
  .input(z.object({}).optional())
  .output(ZPremiumPrice)
  .query(({ ctx }) => premiumPrice(ctx.premiumPrice));
