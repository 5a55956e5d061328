import { router } from '../../trpc';
import { acceptFriendRequestProcedure } from './accept';
import { cancelFriendRequestProcedure } from './cancel';
import { declineFriendRequestProcedure } from './decline';
import { friendsOverviewProcedure } from './overview';
import { friendQuotaProcedure } from './quota';
import { sendFriendRequestProcedure } from './send';

export const friendsRouter = router({
  overview: friendsOverviewProcedure,
  quota: friendQuotaProcedure,
  send: sendFriendRequestProcedure,
  accept: acceptFriendRequestProcedure,
  decline: declineFriendRequestProcedure,
  cancel: cancelFriendRequestProcedure,
});
