import { listUserEvents } from '@rhema/core';
import { ZEvent } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** GET /api/v1/user-events: the events the member holds a place or a waitlist spot at, past ones too. */
export const userEventsProcedure = authenticatedProcedure
  .output(z.array(ZEvent))
  .query(({ ctx }) => listUserEvents({ ...useCaseDeps(ctx), userId: ctx.user.id }));
