import { listConversations } from '@rhema/core';
import { ZConversations } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const conversationsProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZConversations)
  .query(({ ctx }) => listConversations({ ...useCaseDeps(ctx), userId: ctx.user.id }));
