import { router } from '../../trpc';
import { createMatchRequestProcedure } from './create';
import { listMatchRequestsProcedure } from './list';

/** A member's requests to the consultants for an introduction to a member they chose. */
export const matchRequestsRouter = router({
  create: createMatchRequestProcedure,
  list: listMatchRequestsProcedure,
});
