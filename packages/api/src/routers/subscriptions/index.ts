import { router } from '../../trpc';
import { subscriptionByIdProcedure } from './by-id';
import { confirmSubscriptionProcedure } from './confirm';
import { createPremiumProcedure } from './create-premium';

export const subscriptionsRouter = router({
  createPremium: createPremiumProcedure,
  byId: subscriptionByIdProcedure,
  confirm: confirmSubscriptionProcedure,
});
