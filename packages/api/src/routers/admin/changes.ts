import {
  addIntroductionCode,
  registerIntroduction,
  requestOnBehalf,
  setIntroductionActive,
  setIntroductionNote,
  viewerOf,
} from '@rhema/core';
import {
  ZAdminIntroduction,
  ZAdminNoteRequest,
  ZAdminRegisterRequest,
  ZAdminRequestOnBehalf,
  ZAdminRequestOnBehalfResult,
  ZAdminSuggestionRequest,
  ZIntroductionIdRequest,
} from '@rhema/schemas';
import type { Context } from '../../context';
import { staffProcedure } from '../../trpc';

function staffDeps(ctx: Context & { user: { id: string } }) {
  return { db: ctx.db, now: ctx.now(), viewer: viewerOf(ctx.user), staffId: ctx.user.id };
}

/** PATCH admin/user-introductions/introduction/{id}/activate: idempotent ('Success' / 'Activated'). */
export const adminActivateProcedure = staffProcedure
  .input(ZIntroductionIdRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) => setIntroductionActive({ ...staffDeps(ctx), id: input.id, active: true }));

/** PATCH admin/user-introductions/introduction/{id}/deactivate: idempotent ('Success' / 'DeActivated'). */
export const adminDeactivateProcedure = staffProcedure
  .input(ZIntroductionIdRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) => setIntroductionActive({ ...staffDeps(ctx), id: input.id, active: false }));

/** PATCH admin/user-introductions/introduction/{id}/note {note}. */
export const adminNoteProcedure = staffProcedure
  .input(ZAdminNoteRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) => setIntroductionNote({ ...staffDeps(ctx), id: input.id, note: input.note }));

/** POST admin/user-introductions/introduction/{id}/suggestion {code} ('Success' / 'Code added'). */
export const adminSuggestionProcedure = staffProcedure
  .input(ZAdminSuggestionRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) => addIntroductionCode({ ...staffDeps(ctx), id: input.id, code: input.code }));

/** POST admin/user-introductions/introduction/register/{id}: 'Create introduction' for the owner `userId`. */
export const adminRegisterProcedure = staffProcedure
  .input(ZAdminRegisterRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) => {
    const { userId, ...form } = input;
    return registerIntroduction({ ...staffDeps(ctx), ownerId: userId, form });
  });

/** The detail screen's request box: a request for the member with this code ('Introduction Request sent. Thanks.'). */
export const adminRequestOnBehalfProcedure = staffProcedure
  .input(ZAdminRequestOnBehalf)
  .output(ZAdminRequestOnBehalfResult)
  .mutation(({ ctx, input }) =>
    requestOnBehalf({ ...staffDeps(ctx), id: input.id, code: input.code, message: input.message }),
  );
