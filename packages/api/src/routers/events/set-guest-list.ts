import { setOnGuestList } from '@rhema/core';
import { ZEvent, ZEventId } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Whether the member's first name and initial show on the /launch page's Guest List. */
export const setGuestListProcedure = authenticatedProcedure
  .input(ZEventId.extend({ on_guest_list: z.boolean() }))
  .output(ZEvent)
  .mutation(({ ctx, input }) =>
    setOnGuestList({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      eventId: input.id,
      onGuestList: input.on_guest_list,
    }),
  );
