import { getMatchProfile } from '@rhema/core';
import { ZMatchLookupRequest, ZMatchProfile } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

/** GET search/match: the private-match page's profile by contact reference (public, limited per IP). */
export const matchLookupProcedure = publicProcedure
  .input(ZMatchLookupRequest)
  .output(ZMatchProfile)
  .query(({ ctx, input }) =>
    getMatchProfile({ ...useCaseDeps(ctx), contactReference: input.contact_reference }),
  );
