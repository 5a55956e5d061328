import { setIntroductionNote, viewerOf } from '@rhema/core';
import { ZAdminIntroduction, ZAdminNoteRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** PATCH admin/user-introductions/introduction/{id}/note {note}. */
export const adminNoteProcedure = staffProcedure
  .input(ZAdminNoteRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) =>
    setIntroductionNote({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      id: input.id,
      note: input.note,
    }),
  );
