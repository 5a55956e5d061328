import { checkInGuest } from '@rhema/core';
import { ZAdminAttendee, ZAdminCheckIn } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** Checks a guest in at the door by the code on their ticket (scanned or typed). */
export const adminCheckInProcedure = staffProcedure
  .input(ZAdminCheckIn)
  .output(ZAdminAttendee)
  .mutation(({ ctx, input }) =>
    checkInGuest({ ...useCaseDeps(ctx), staffId: ctx.user.id, eventId: input.id, code: input.code }),
  );
