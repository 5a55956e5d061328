import { removeMyDevice } from '@rhema/core';
import { ZDeviceIdRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Stops pushes to one of the member's devices (another member's id: 404). */
export const removeDeviceProcedure = authenticatedProcedure
  .input(ZDeviceIdRequest)
  .output(z.object({}))
  .mutation(({ ctx, input }) => removeMyDevice({ ...useCaseDeps(ctx), userId: ctx.user.id, id: input.id }));
