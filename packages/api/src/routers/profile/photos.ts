import { listMyPhotos } from '@rhema/core';
import { ZPhoto } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Photos are uploaded by POST /api/photos (apps/server/src/routes/photos.ts: a file is no JSON input). */
export const listPhotosProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(z.array(ZPhoto))
  .query(({ ctx }) => listMyPhotos({ ...useCaseDeps(ctx), userId: ctx.user.id }));
