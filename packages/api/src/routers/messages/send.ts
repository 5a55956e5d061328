import { sendMessage } from '@rhema/core';
import { ZMessage, ZSendMessageRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const sendMessageProcedure = authenticatedProcedure
  .input(ZSendMessageRequest)
  .output(ZMessage)
  .mutation(({ ctx, input }) =>
    sendMessage({ ...useCaseDeps(ctx), userId: ctx.user.id, otherId: input.user_id, body: input.body }),
  );
