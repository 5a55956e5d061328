import { AppError } from '@rhema/core';
import { z } from 'zod';
import { authenticatedProcedure } from '../../trpc';

/** The VAPID public key (base64url) a browser subscribes with (GET push/public-key). */
export const pushPublicKeyProcedure = authenticatedProcedure
  .output(z.object({ key: z.string() }))
  .query(({ ctx }) => {
    if (!ctx.push.publicKey) throw new AppError('UNAVAILABLE', 'Web Push is not set up on this server.');
    return { key: ctx.push.publicKey };
  });
