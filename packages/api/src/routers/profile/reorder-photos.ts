import { reorderPhotos } from '@rhema/core';
import { ZPhoto, ZPhotoOrderRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const reorderPhotosProcedure = authenticatedProcedure
  .input(ZPhotoOrderRequest)
  .output(z.array(ZPhoto))
  .mutation(({ ctx, input }) => reorderPhotos({ ...useCaseDeps(ctx), userId: ctx.user.id, ids: input.ids }));
