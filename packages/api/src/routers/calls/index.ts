import { router } from '../../trpc';
import { answerCallProcedure } from './answer';
import { endCallProcedure } from './end';
import { heartbeatCallProcedure } from './heartbeat';
import { listCallProcedure } from './list';
import { sessionCallProcedure } from './session';
import { signalCallProcedure } from './signal';
import { startCallProcedure } from './start';

// Video calls (docs/decisions/180-video-calls.md): the state and the signals; the signals reach the other party
// on their live stream (messages.live), the media goes browser to browser.
export const callsRouter = router({
  start: startCallProcedure,
  answer: answerCallProcedure,
  signal: signalCallProcedure,
  end: endCallProcedure,
  heartbeat: heartbeatCallProcedure,
  session: sessionCallProcedure,
  list: listCallProcedure,
});
