import { router } from '../../trpc';
import { trainingSignupProcedure } from './signup';

export const trainingRouter = router({
  signup: trainingSignupProcedure,
});
