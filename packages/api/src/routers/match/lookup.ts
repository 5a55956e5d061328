import { getMatchProfile } from '@rhema/core';
import { ZMatchLookupRequest, ZMatchProfile } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';

/** GET search/match: the private-match page's profile by contact reference (public, limited per IP). */
export const matchLookupProcedure = publicProcedure
  .input(ZMatchLookupRequest)
  .output(ZMatchProfile)
  .query(({ ctx, input }) =>
    getMatchProfile({
      db: ctx.db,
      rateLimitStore: ctx.rateLimitStore,
      now: ctx.now(),
      ip: ctx.ip,
      contactReference: input.contact_reference,
    }),
  );
