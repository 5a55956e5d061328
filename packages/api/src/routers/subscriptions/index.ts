import { router } from '../../trpc';
import { subscriptionByIdProcedure } from './by-id';
import { confirmSubscriptionProcedure } from './confirm';
import { createPremiumProcedure } from './create-premium';
import { premiumPriceProcedure } from './price';

export const subscriptionsRouter = router({
  createPremium: createPremiumProcedure,
  byId: subscriptionByIdProcedure,
  confirm: confirmSubscriptionProcedure,
  price: premiumPriceProcedure,
});
