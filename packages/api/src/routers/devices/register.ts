import { registerDevice } from '@rhema/core';
import { ZDeviceRegistration } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** A store app's token or a browser's subscription (an endpoint off the known push services: 400). */
export const registerDeviceProcedure = authenticatedProcedure
  .input(ZDeviceRegistration)
  .output(z.object({ _id: z.string() }))
  .mutation(({ ctx, input }) =>
    registerDevice({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      device: input,
      endpointHosts: ctx.push.endpointHosts,
    }),
  );
