import { AppError, deletePhoto } from '@rhema/core';
import { ZPhoto, ZPhotoIdRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const deletePhotoProcedure = authenticatedProcedure
  .input(ZPhotoIdRequest)
  .output(z.array(ZPhoto))
  .mutation(({ ctx, input }) => {
    // no photo store where no procedure may touch the files (server-side rendering)
    if (!ctx.photoStore) throw new AppError('UNAVAILABLE', 'Photos cannot be changed here.');
    return deletePhoto({ ...useCaseDeps(ctx), store: ctx.photoStore, userId: ctx.user.id, id: input.id });
  });
