import { listMyDevices } from '@rhema/core';
import { ZDevice } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const listDevicesProcedure = authenticatedProcedure
  .output(z.array(ZDevice))
  .query(({ ctx }) => listMyDevices({ ...useCaseDeps(ctx), userId: ctx.user.id }));
