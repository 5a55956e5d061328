import { router } from '../../trpc';
import { conversationsProcedure } from './conversations';
import { liveMessagesProcedure } from './live';
import { sendMessageProcedure } from './send';
import { threadProcedure } from './thread';
import { typingProcedure } from './typing';

export const messagesRouter = router({
  conversations: conversationsProcedure,
  thread: threadProcedure,
  send: sendMessageProcedure,
  live: liveMessagesProcedure,
  typing: typingProcedure,
});
